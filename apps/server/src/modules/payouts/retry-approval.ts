import { DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import { bankDetailsSummary } from '../bank-details/queries';
import type { ApprovalAct } from '../approvals/approval-acts';
import { payoutDeps } from './payout-deps';
import { retryPayoutRun } from './run-payout';
import { SKIP_REASON_TEXT } from './payee-rules';

type RetryAsk = { runId: number; payoutIds: number[] };

interface HeldRow {
  id: string;
  account_id: string;
  full_name: string;
  email: string;
  period: string;
  amount_kobo: string;
  old_bank_name: string | null;
  old_last4: string | null;
  bank_name: string | null;
  last4: string | null;
  saved_at: string | Date | null;
}

/**
 * A retry to bank details saved after the run was approved, or within BANK_DETAILS_COOLING_OFF_HOURS, waits for a
 * second administrator: the checker sees the old and the new account endings, frozen with the request. Approval
 * pays those details only if they are still the ones shown (saved at the same moment); otherwise the payout is
 * left out and named.
 */
export const payoutRetryApproval: ApprovalAct<RetryAsk> = {
  kind: 'payout_retry',
  keyPrefix: 'payout-retry',
  inApprovalTransaction: false,
  subjectKey: ({ runId }) => `payout-retry:${runId}`,
  async describe(deps, _maker, { runId, payoutIds }) {
    const rows = await queryRows<HeldRow>(
      deps.db,
      sql`select p.id, p.account_id, a.full_name, a.email, r.period, p.amount_kobo, p.bank_name as old_bank_name, p.account_number_last4 as old_last4,
                 b.bank_name, b.account_number_last4 as last4, b.saved_at
          from payouts p join payout_runs r on r.id = p.run_id ${accountColumnsJoin('a', sql`p.account_id`, ['full_name', 'email'])} left join lateral ${bankDetailsSummary(sql`p.account_id`)} b on true
          where p.run_id = ${runId} and p.id in (${sql.join(payoutIds.length ? payoutIds.map((id) => sql`${id}`) : [sql`null`], sql`, `)}) and p.status in ('failed', 'reversed') order by p.id`,
    );
    if (rows.length === 0)
      throw new DomainError('nothing_to_retry', 'None of these payouts waits for a retry any more.');
    const people = rows.length === 1 ? rows[0]!.full_name : `${rows.length} members`;
    return {
      summary: `retry the payout of ${rows[0]!.period} to new bank details of ${people}`,
      targetAccountId: rows.length === 1 ? rows[0]!.account_id : null,
      amountKobo: null,
      preview: {
        lines: rows.map((r) => ({
          accountId: r.account_id,
          fullName: r.full_name,
          email: r.email,
          bankName: r.bank_name,
          accountNumberLast4: r.last4,
          previousBankName: r.old_bank_name,
          previousAccountNumberLast4: r.old_last4,
          bankDetailsSavedAt: r.saved_at ? new Date(r.saved_at).toISOString() : null,
          amountKobo: Number(r.amount_kobo),
          ref: Number(r.id),
        })),
      },
    };
  },
  async carryOut({ runId }, { deps, maker, preview }) {
    const lines = preview?.lines ?? [];
    const savedAt = new Map(
      lines.map((l) => [l.ref!, l.bankDetailsSavedAt ? new Date(l.bankDetailsSavedAt) : null]),
    );
    // Details saved later than the ones approved are held again: the approval was for those endings only.
    const progress = await retryPayoutRun(payoutDeps(deps), runId, maker.id, {
      payoutIds: lines.map((l) => l.ref!),
      heldIfBankSavedAfter: (payoutId) => savedAt.get(payoutId) ?? new Date(0),
    });
    const leftOut = lines
      .filter((l) => progress.held.includes(l.ref!))
      .map((l) => ({
        accountId: l.accountId,
        fullName: l.fullName,
        reason: SKIP_REASON_TEXT.bank_details_changed,
      }));
    return { runId, reserved: progress.reserved, skipped: progress.skipped, leftOut };
  },
};
