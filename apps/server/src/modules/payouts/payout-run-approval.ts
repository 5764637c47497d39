import { programmeName, type Programme } from '@coop/core';
import { HttpError } from '../../plugins/errors';
import type { ApprovalAct } from '../approvals/approval-acts';
import { payoutDeps } from './payout-deps';
import { startPayoutRun } from './run-payout';
import { findRunByPeriod } from './run-queries';

/**
 * A month's payout run waits for a second administrator before any wallet is reserved. It calls the bank, so it
 * runs after the approval is committed and relies on its own once-per-month key.
 */
export const payoutRunApproval: ApprovalAct<{ programme: Programme; period: string; mode: 'transfer' | 'csv' }> = {
  kind: 'payout_run',
  keyPrefix: 'payout-run',
  inApprovalTransaction: false,
  async describe(app, _maker, { programme, period, mode }) {
    if (await findRunByPeriod(app.db, programme, period))
      throw new HttpError(409, `The ${programmeName(programme)} payout for ${period} has already been run. Open it to retry the transfers that did not go through.`, 'run_exists');
    return { summary: `run the ${programmeName(programme)} payout of ${period} (${mode === 'csv' ? 'bank file' : 'bank transfers'})`, targetAccountId: null, amountKobo: null };
  },
  async carryOut(payload, { app, maker }) {
    const progress = await startPayoutRun(payoutDeps(app), { ...payload, adminId: maker.id });
    return { runId: progress.runId, reserved: progress.reserved };
  },
};
