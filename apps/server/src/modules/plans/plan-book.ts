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
  current(programme: Programme): Promise<Plan>;
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
    current(programme) {
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

/** The version new positions of the programme join under now. */
export async function currentPlan(db: Tx, programme: Programme): Promise<Plan> {
  const [row] = await queryRows<{ plan: Plan }>(
    db,
    sql`select plan from plan_versions where programme = ${programme} and status = 'published'`,
  );
  if (!row) throw new Error(`no published plan version for ${programme}`);
  return row.plan;
}

/** The current version of every programme at once, for the pages the server sends (lib/current-plans.ts keeps it). */
export async function publishedPlans(db: Tx): Promise<CurrentPlans> {
  const rows = await queryRows<{ programme: Programme; plan: Plan }>(
    db,
    sql`select programme, plan from plan_versions where status = 'published'`,
  );
  return Object.fromEntries(rows.map((r) => [r.programme, r.plan])) as unknown as CurrentPlans;
}

/** A published (current or superseded) version; a position's version is always one of these. */
export async function publishedPlan(db: Tx, programme: Programme, version: number): Promise<Plan> {
  const [row] = await queryRows<{ plan: Plan }>(
    db,
    sql`select plan from plan_versions where programme = ${programme} and version = ${version} and status in ('published', 'superseded')`,
  );
  if (!row) throw new Error(`no published plan version ${version} for ${programme}`);
  return row.plan;
}

/** Published versions with when they began to apply, for the public answers. */
export async function publishedVersionRow(db: Tx, programme: Programme, version: number | 'current') {
  const [row] = await queryRows<{ plan: Plan; effective_at: Date | string }>(
    db,
    version === 'current'
      ? sql`select plan, effective_at from plan_versions where programme = ${programme} and status = 'published'`
      : sql`select plan, effective_at from plan_versions where programme = ${programme} and version = ${version} and status in ('published', 'superseded')`,
  );
  return row ? { ...row.plan, effectiveAt: new Date(row.effective_at).toISOString() } : undefined;
}
