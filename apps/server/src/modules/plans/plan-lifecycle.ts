import { planDifferences, planShapeProblems, type Plan, type Programme, DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
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

/** The draft waits for a second administrator under this request. */
export async function markSubmitted(db: Db, programme: Programme, id: number, approvalId: number) {
  await db.execute(sql`update plan_versions set status = 'submitted', approval_request_id = ${approvalId}, updated_at = now()
                       where programme = ${programme} and id = ${id} and status in ('draft', 'submitted')`);
}

/**
 * Publishes a draft as the programme's next version, effective now: the current version is superseded, the members
 * are told, and the audit row keeps the difference. The programme's matrix is locked first, as a placement locks
 * it, so every position joins wholly under the version before or wholly under this one.
 */
export async function publishDraft(
  tx: Tx,
  programme: Programme,
  id: number,
  actors: { makerId: string; checkerId: string | null },
  matrix: PlanMatrix,
) {
  await matrix.lockProgramme(tx, programme);
  assertNotPublished(await findVersion(tx, programme, id, { lock: true }));
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
