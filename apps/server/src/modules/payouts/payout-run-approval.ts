import { programmeName, type Programme, DomainError } from '@coop/core';
import type { ApprovalAct, FrozenLine } from '../approvals/approval-acts';
import { payoutCandidates } from './candidates';
import { payoutDeps } from './payout-deps';
import { startPayoutRun, type FrozenPayee } from './run-payout';
import { findRunByPeriod } from './run-queries';

type RunAsk = { programme: Programme; period: string; mode: 'transfer' | 'csv' };

const frozenPayee = (line: FrozenLine): FrozenPayee => ({
  accountId: line.accountId!,
  fullName: line.fullName,
  amountKobo: line.amountKobo,
  bankSavedAt: line.bankDetailsSavedAt ?? null,
});

/**
 * A month's payout run waits for a second administrator before any wallet is reserved. The preview the maker saw
 * (payees, amounts, account endings) is frozen with the request, and approval pays exactly that list. It calls the
 * bank, so it runs after the approval is committed and relies on its own once-per-month key.
 */
export const payoutRunApproval: ApprovalAct<RunAsk> = {
  kind: 'payout_run',
  keyPrefix: 'payout-run',
  inApprovalTransaction: false,
  // One request per programme and month waits at a time, whoever asks and whatever the mode.
  subjectKey: ({ programme, period }) => `payout-run:${programme}:${period}`,
  async describe(deps, _maker, { programme, period, mode }) {
    if (await findRunByPeriod(deps.db, programme, period))
      throw new DomainError(
        'run_exists',
        `The ${programmeName(programme)} payout for ${period} has already been run. Open it to retry the transfers that did not go through.`,
      );
    const { payees } = await payoutCandidates(deps.db, programme, deps.config.payout.minimumKobo);
    return {
      summary: `run the ${programmeName(programme)} payout of ${period} (${mode === 'csv' ? 'bank file' : 'bank transfers'})`,
      targetAccountId: null,
      amountKobo: null,
      preview: {
        lines: payees.map((p) => ({
          accountId: p.accountId,
          fullName: p.fullName,
          email: p.email,
          bankName: p.bankName,
          accountNumberLast4: p.accountNumberLast4,
          bankDetailsSavedAt: p.bankSavedAt,
          amountKobo: p.amountKobo,
        })),
      },
    };
  },
  async carryOut(payload, { deps, maker, checkerId, preview }) {
    if (!preview)
      throw new DomainError(
        'preview_missing',
        'This request was made before payout previews were kept: decline it and ask again.',
      );
    const progress = await startPayoutRun(payoutDeps(deps), {
      ...payload,
      adminId: maker.id,
      approved: { by: checkerId, payees: preview.lines.map(frozenPayee) },
    });
    return { runId: progress.runId, reserved: progress.reserved, leftOut: progress.leftOut };
  },
};
