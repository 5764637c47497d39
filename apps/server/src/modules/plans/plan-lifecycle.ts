import { planDifferences, planShapeProblems, type Plan, type Programme, DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { lagosDateTime } from '../../lib/lagos-time';
import { recordAudit } from '../audit/record-audit';
import { currentPlan } from './plan-book';
import type { PlanMatrix } from './plan-matrix';
import { tellMembersOfNewVersion } from './plan-notice';
import { assertEditable, assertNotPublished, checkedDraft, findVersion } from './plan-versions';

/** Drafted, changed, submitted, published: each step in the audit log with the difference against the current version. */

export async function createDraft(db: Db, actorId: string, programme: Programme, body: Plan) {
  return db.transaction(async (tx) => {
    const { plan, current } = await checkedDraft(tx, programme, body);
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into plan_versions (programme, status, based_on, plan, created_by) values (${programme}, 'draft', ${current.version}, ${JSON.stringify(plan)}::jsonb, ${actorId}) returning id`,
    );
    const id = Number(row!.id);
    await recordAudit(tx, {
      actorAccountId: actorId,
      action: 'plan_draft_created',
      details: {
        programme,
        draftId: id,
        basedOn: current.version,
        differences: planDifferences(current, plan),
      },
    });
    return { id };
  });
}

export async function updateDraft(db: Db, actorId: string, programme: Programme, id: number, body: Plan) {
  return db.transaction(async (tx) => {
    assertEditable(await findVersion(tx, programme, id, { lock: true }));
    const { plan, current } = await checkedDraft(tx, programme, body);
    // A declined request leaves the version submitted; changing it makes it a draft again, free of that request.
    await tx.execute(sql`update plan_versions set plan = ${JSON.stringify(plan)}::jsonb, based_on = ${current.version}, status = 'draft',
                           approval_request_id = null, updated_at = now() where id = ${id}`);
    await recordAudit(tx, {
      actorAccountId: actorId,
      action: 'plan_draft_updated',
      details: {
        programme,
        draftId: id,
        basedOn: current.version,
        differences: planDifferences(current, plan),
      },
    });
    return { id };
  });
}

/** The draft waits for a second administrator under this request, to take effect at `publishAt` (null: on approval). */
export async function markSubmitted(
  db: Db,
  programme: Programme,
  id: number,
  approvalId: number,
  publishAt: Date | null = null,
) {
  await db.execute(sql`update plan_versions set status = 'submitted', approval_request_id = ${approvalId},
                         publish_at = ${publishAt?.toISOString() ?? null}::timestamptz, updated_at = now()
                       where programme = ${programme} and id = ${id} and status in ('draft', 'submitted')`);
}

/**
 * The stored status catches up with time: a scheduled version whose time has come becomes 'published' and the one
 * it replaced 'superseded' (from that time). Reads never wait for this (they go by effective_at); it keeps the
 * one-published rule true before the next version is numbered.
 */
async function settleDueVersions(tx: Tx, programme: Programme) {
  const [due] = await queryRows<{ id: string; effective_at: Date | string }>(
    tx,
    sql`select id, effective_at from plan_versions where programme = ${programme} and status = 'scheduled'
          and effective_at <= now() for update`,
  );
  if (!due) return;
  const at = new Date(due.effective_at).toISOString();
  await tx.execute(sql`update plan_versions set status = 'superseded', superseded_at = ${at}::timestamptz
                       where programme = ${programme} and status = 'published'`);
  await tx.execute(sql`update plan_versions set status = 'published' where id = ${due.id}`);
}

/** A version approved for a later time that waits for it, if any. */
async function waitingVersion(tx: Tx, programme: Programme) {
  const [row] = await queryRows<{ id: string; version: number; effective_at: Date | string }>(
    tx,
    sql`select id, version, effective_at from plan_versions where programme = ${programme} and status = 'scheduled'
          and effective_at > now() for update`,
  );
  return row;
}

/** One version waits for its time at once: another is refused (asked or approved) until it is in force or cancelled. */
export async function assertNoVersionWaiting(tx: Tx, programme: Programme) {
  const waiting = await waitingVersion(tx, programme);
  if (waiting)
    throw new DomainError(
      'plan_version_scheduled',
      `Version ${waiting.version} is scheduled to take effect on ${whenWords(waiting.effective_at)}: cancel it first, or publish this one after it is in force.`,
    );
}

/** A time in the words of the screens and mails, in Lagos. */
export const whenWords = (at: Date | string) => `${lagosDateTime(new Date(at))} (Lagos time)`;

/**
 * Cancels a version scheduled for a later time, before that time: it becomes a draft again (unnumbered, its
 * approval spent), which its maker may change and submit again. No position can have joined under it (a join
 * takes the version in force when its payment started, and that time has not come); the trigger refuses a
 * cancellation once it has. Audited with the administrator.
 */
export async function cancelScheduled(db: Db, actorId: string, programme: Programme, id: number) {
  return db.transaction(async (tx) => {
    const row = await findVersion(tx, programme, id, { lock: true });
    const [waiting] = await queryRows<{ id: string }>(
      tx,
      sql`select id from plan_versions where id = ${id} and status = 'scheduled' and effective_at > now()`,
    );
    if (!waiting)
      throw new DomainError(
        row.status === 'scheduled' || row.status === 'published' || row.status === 'superseded'
          ? 'plan_version_in_force'
          : 'plan_version_not_scheduled',
        row.status === 'scheduled' || row.status === 'published' || row.status === 'superseded'
          ? `Version ${row.version} is in force: it can no longer be cancelled. Draft a new version instead.`
          : 'Only a version scheduled for a later time can be cancelled.',
      );
    await tx.execute(sql`update plan_versions set status = 'draft', version = null, effective_at = null, publish_at = null,
                           approval_request_id = null, plan = jsonb_set(plan, '{version}', '0'::jsonb), updated_at = now()
                         where id = ${id}`);
    await recordAudit(tx, {
      actorAccountId: actorId,
      action: 'plan_version_schedule_cancelled',
      details: {
        programme,
        draftId: id,
        version: row.version,
        effectiveAt: new Date(row.effective_at!).toISOString(),
      },
    });
    return { id };
  });
}

/**
 * Publishes a draft as the programme's next version, effective now, or at `publishAt` when that is later (decision
 * 0062): then it is 'scheduled' and takes effect at that time by itself (reads go by effective_at). The current
 * version is superseded, the members are told (when scheduled: now, with the date), and the audit row keeps the
 * difference. The programme's matrix is locked first, as a placement locks it. One version waits at a time.
 */
export async function publishDraft(
  tx: Tx,
  programme: Programme,
  id: number,
  actors: { makerId: string; checkerId: string | null },
  matrix: PlanMatrix,
  publishAt: Date | null = null,
) {
  await matrix.lockProgramme(tx, programme);
  assertNotPublished(await findVersion(tx, programme, id, { lock: true }));
  await settleDueVersions(tx, programme);
  await assertNoVersionWaiting(tx, programme);
  const [later] = await queryRows<{ later: boolean }>(
    tx,
    sql`select coalesce(${publishAt?.toISOString() ?? null}::timestamptz > now(), false) as later`,
  );
  if (later?.later) return scheduleVersion(tx, programme, id, actors, publishAt!);
  const [current] = await queryRows<{ id: string; version: number }>(
    tx,
    sql`select id, version from plan_versions where programme = ${programme} and status = 'published' for update`,
  );
  const before = await currentPlan(tx, programme);
  const [draft] = await queryRows<{ plan: Plan }>(tx, sql`select plan from plan_versions where id = ${id}`);
  const version = current!.version + 1;
  const after: Plan = { ...draft!.plan, version };
  const problems = planShapeProblems(before, after);
  if (problems.length) throw new DomainError('plan_shape_changed', problems.join(' '));
  await tx.execute(
    sql`update plan_versions set status = 'superseded', superseded_at = now() where id = ${current!.id}`,
  );
  await tx.execute(sql`update plan_versions set status = 'published', version = ${version}, plan = ${JSON.stringify(after)}::jsonb,
                         effective_at = now(), updated_at = now() where id = ${id}`);
  const differences = planDifferences(before, after);
  await recordAudit(tx, {
    actorAccountId: actors.checkerId ?? actors.makerId,
    action: 'plan_version_published',
    details: {
      programme,
      draftId: id,
      version,
      replaces: before.version,
      makerAccountId: actors.makerId,
      differences,
    },
  });
  await tellMembersOfNewVersion(tx, programme, version, differences);
  return { version };
}

/** A version approved for a later time: numbered now, in force from `publishAt`; the version in force stays until then. */
async function scheduleVersion(
  tx: Tx,
  programme: Programme,
  id: number,
  actors: { makerId: string; checkerId: string | null },
  publishAt: Date,
) {
  const before = await currentPlan(tx, programme);
  const [draft] = await queryRows<{ plan: Plan }>(tx, sql`select plan from plan_versions where id = ${id}`);
  const version = before.version + 1;
  const after: Plan = { ...draft!.plan, version };
  const problems = planShapeProblems(before, after);
  if (problems.length) throw new DomainError('plan_shape_changed', problems.join(' '));
  const effectiveAt = publishAt.toISOString();
  await tx.execute(sql`update plan_versions set status = 'scheduled', version = ${version}, plan = ${JSON.stringify(after)}::jsonb,
                         effective_at = ${effectiveAt}::timestamptz, publish_at = ${effectiveAt}::timestamptz, updated_at = now()
                       where id = ${id}`);
  const differences = planDifferences(before, after);
  await recordAudit(tx, {
    actorAccountId: actors.checkerId ?? actors.makerId,
    action: 'plan_version_scheduled',
    details: {
      programme,
      draftId: id,
      version,
      replaces: before.version,
      effectiveAt,
      makerAccountId: actors.makerId,
      differences,
    },
  });
  await tellMembersOfNewVersion(tx, programme, version, differences, whenWords(effectiveAt));
  return { version, effectiveAt };
}
