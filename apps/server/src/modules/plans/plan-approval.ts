import { planDifferences, programmeName, type Programme } from '@coop/core';
import type { Db } from '../../db/client';
import type { ApprovalAct } from '../approvals/approval-acts';
import { currentPlan } from './plan-book';
import { publishDraft } from './plan-lifecycle';
import { assertEditable, checkedDraft, findVersion } from './plan-versions';

/**
 * Publishing a plan version changes what every new member is promised, so a second administrator approves it; the
 * maker cannot. The checker reads the differences against the current version; approval publishes in the
 * approval's own transaction.
 */
export const planVersionApproval: ApprovalAct<{ programme: Programme; draftId: number }> = {
  kind: 'plan_version',
  keyPrefix: 'plan',
  inApprovalTransaction: true,
  subjectKey: ({ draftId }) => `plan_version:${draftId}`,
  async describe({ db }, _maker, { programme, draftId }) {
    const row = await findVersion(db, programme, draftId);
    assertEditable(row);
    await checkedDraft(db, programme, row.plan);
    const current = await currentPlan(db, programme);
    const differences = planDifferences(current, row.plan);
    const what = differences.length
      ? differences.map((d) => `${d.field} ${d.before} → ${d.after}`).join('; ')
      : 'no figure changes';
    return {
      summary: `publish draft #${draftId} as version ${current.version + 1} of the ${programmeName(programme)} plan: ${what}`,
      targetAccountId: null,
      amountKobo: null,
    };
  },
  async carryOut({ programme, draftId }, { deps, maker, checkerId }, tx) {
    return publishDraft(tx as Db, programme, draftId, { makerId: maker.id, checkerId }, deps.planMatrix);
  },
};
