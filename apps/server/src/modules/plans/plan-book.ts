import type { Plan, Programme } from '@coop/core';
import type { CurrentPlans } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/**
 * The published plan versions as one piece of work reads them: the current version of a programme (what a new
 * position joins under) and any version by number (what a position that joined under it is paid by). Published
 * versions never change, so each is read at most once per book; a book lives as long as one transaction, since
 * the current version can change between two.
 */
export interface PlanBook {
  /** The version in force now, or at `at` (a join takes the version in force when its payment was started). */
  current(programme: Programme, at?: Date): Promise<Plan>;
  version(programme: Programme, version: number): Promise<Plan>;
}

export function planBook(db: Tx): PlanBook {
  const byVersion = new Map<string, Promise<Plan>>();
  const current = new Map<Programme, Promise<Plan>>();
  const remember = (plan: Promise<Plan>) =>
    plan.then((p) => {
      byVersion.set(`${p.programme}:${p.version}`, Promise.resolve(p));
      return p;
    });
  return {
    current(programme, at) {
      if (at) return remember(versionInForce(db, programme, at));
      let plan = current.get(programme);
      if (!plan) current.set(programme, (plan = remember(currentPlan(db, programme))));
      return plan;
    },
    version(programme, version) {
      const key = `${programme}:${version}`;
      let plan = byVersion.get(key);
      if (!plan) byVersion.set(key, (plan = publishedPlan(db, programme, version)));
      return plan;
    },
  };
}

/**
 * The numbered versions in force at `at` (now when absent), newest first: a version takes effect at its effective_at
 * without anyone acting (decision 0062), so the stored status lags and only time decides. A scheduled version is
 * numbered and dated; 'published' is tidied when the next version is approved.
 */
const inForce = (at: Date | undefined) =>
  sql`status in ('scheduled', 'published', 'superseded') and effective_at <= ${at ? sql`${at.toISOString()}::timestamptz` : sql`now()`}`;

/**
 * The version of a programme in force at a moment (now when `at` is absent): what a position placed then joins
 * under and what every public page states. Call this (or `currentPlan`), never `status = 'published'`.
 */
export async function versionInForce(db: Tx, programme: Programme, at?: Date): Promise<Plan> {
  return (await versionInForceRow(db, programme, at)).plan;
}

/**
 * The version in force with the moment it took effect. A moment before version 1's (a checkout started before the
 * first position was placed, whose time version 1 took) takes version 1: it was the plan then.
 */
export async function versionInForceRow(db: Tx, programme: Programme, at?: Date) {
  const [row] = await queryRows<{ plan: Plan; effective_at: Date | string }>(
    db,
    at
      ? sql`select plan, effective_at from plan_versions where programme = ${programme}
              and (${inForce(at)} or (version = 1 and status in ('published', 'superseded')))
            order by (${inForce(at)}) desc, effective_at desc, version desc limit 1`
      : sql`select plan, effective_at from plan_versions where programme = ${programme} and ${inForce(at)}
            order by effective_at desc, version desc limit 1`,
  );
  if (!row) throw new Error(`no plan version of ${programme} in force`);
  return row;
}

/** The version new positions of the programme join under now. */
export const currentPlan = (db: Tx, programme: Programme): Promise<Plan> => versionInForce(db, programme);

/** The current version of every programme at once, for the pages the server sends (lib/current-plans.ts keeps it). */
export async function publishedPlans(db: Tx): Promise<CurrentPlans> {
  const rows = await queryRows<{ programme: Programme; plan: Plan }>(
    db,
    sql`select distinct on (programme) programme, plan from plan_versions where ${inForce(undefined)}
        order by programme, effective_at desc, version desc`,
  );
  return Object.fromEntries(rows.map((r) => [r.programme, r.plan])) as unknown as CurrentPlans;
}

/** A numbered (in force, past, or scheduled) version; a position's version is always one of these. */
export async function publishedPlan(db: Tx, programme: Programme, version: number): Promise<Plan> {
  const [row] = await queryRows<{ plan: Plan }>(
    db,
    sql`select plan from plan_versions where programme = ${programme} and version = ${version} and status in ('scheduled', 'published', 'superseded')`,
  );
  if (!row) throw new Error(`no published plan version ${version} for ${programme}`);
  return row.plan;
}

/**
 * A version in force now or before (or the one in force: 'current') with the number of the one in force, in one
 * statement: what a member reads of their own plan beside what new members get now (decision 0059).
 */
export async function versionBesideInForce(db: Tx, programme: Programme, version: number | 'current') {
  const [row] = await queryRows<{ plan: Plan; effective_at: Date | string; current_version: number }>(
    db,
    sql`with current as (
          select version from plan_versions where programme = ${programme} and ${inForce(undefined)}
          order by effective_at desc, version desc limit 1
        )
        select plan, effective_at, (select version from current) as current_version from plan_versions
        where programme = ${programme} and ${inForce(undefined)}
          and version = ${version === 'current' ? sql`(select version from current)` : sql`${version}`}`,
  );
  return row
    ? {
        plan: { ...row.plan, effectiveAt: new Date(row.effective_at).toISOString() },
        currentVersion: Number(row.current_version),
      }
    : undefined;
}

/** Versions in force now or before, with when they began to apply, for the public answers (not a scheduled one). */
export async function publishedVersionRow(db: Tx, programme: Programme, version: number | 'current') {
  const [row] = await queryRows<{ plan: Plan; effective_at: Date | string }>(
    db,
    version === 'current'
      ? sql`select plan, effective_at from plan_versions where programme = ${programme} and ${inForce(undefined)}
            order by effective_at desc, version desc limit 1`
      : sql`select plan, effective_at from plan_versions where programme = ${programme} and version = ${version} and ${inForce(undefined)}`,
  );
  return row ? { ...row.plan, effectiveAt: new Date(row.effective_at).toISOString() } : undefined;
}
