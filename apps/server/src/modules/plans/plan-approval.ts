import { DomainError, planDifferences, programmeName, type Programme } from '@coop/core';
import type { Db } from '../../db/client';
import type { ApprovalAct } from '../approvals/approval-acts';
import { currentPlan } from './plan-book';
import { assertNoVersionWaiting, publishDraft, whenWords } from './plan-lifecycle';
import { assertEditable, checkedDraft, findVersion } from './plan-versions';

/**
 * Publishing a plan version changes what every new member is promised, so a second administrator approves it; the
 * maker cannot. The checker reads the differences against the current version and the simulation's headline
 * (decision 0061); approval publishes in the approval's own transaction.
 */
export const planVersionApproval: ApprovalAct<{
  programme: Programme;
  draftId: number;
  /** When it takes effect (ISO; decision 0062); absent or null: at once on approval. */
  publishAt?: string | null;
}> = {
  kind: 'plan_version',
  keyPrefix: 'plan',
  inApprovalTransaction: true,
  subjectKey: ({ draftId }) => `plan_version:${draftId}`,
  async describe({ db }, _maker, { programme, draftId, publishAt }) {
    const row = await findVersion(db, programme, draftId);
    assertEditable(row);
    await checkedDraft(db, programme, row.plan);
    await assertNoVersionWaiting(db, programme);
    const current = await currentPlan(db, programme);
    const differences = planDifferences(current, row.plan);
    const what = differences.length
      ? differences.map((d) => `${d.field} ${d.before} → ${d.after}`).join('; ')
      : 'no figure changes';
    return {
      summary: `publish draft #${draftId} as version ${current.version + 1} of the ${programmeName(programme)} plan${publishAt ? `, taking effect on ${whenWords(publishAt)}` : ''}: ${what}`,
      targetAccountId: null,
      amountKobo: null,
    };
  },
  // The checker sees what the change costs (decision 0061): no approval without a finished simulation of the draft
  // as it is now, against the version in force now.
  async assertApprovable({ programme, draftId }, deps, tx) {
    const simulated = await deps.planSimulations.finishedOfDraft(tx, draftId);
    const current = await currentPlan(tx, programme);
    if (!simulated || simulated.againstVersion !== current.version)
      throw new DomainError(
        'plan_simulation_missing',
        simulated
          ? `The simulation of draft #${draftId} compared it with version ${simulated.againstVersion}, and version ${current.version} is in force now: its maker must simulate it again (Plan → the draft → Simulate this draft) before it can be approved.`
          : `Draft #${draftId} has no finished simulation of its figures as they are now: its maker must run one (Plan → the draft → Simulate this draft) before it can be approved.`,
      );
  },
  async carryOut({ programme, draftId, publishAt }, { deps, maker, checkerId }, tx) {
    return publishDraft(
      tx as Db,
      programme,
      draftId,
      { makerId: maker.id, checkerId },
      deps.planMatrix,
      publishAt ? new Date(publishAt) : null,
    );
  },
};
