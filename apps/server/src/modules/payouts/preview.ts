import { toNairaString, type Programme } from '@coop/core';
import type { Db } from '../../db/client';
import { payoutCandidates } from './candidates';
import { SKIP_REASON_TEXT } from './payee-rules';
import { findRunByPeriod } from './run-queries';
import { OTP_ADVICE } from './attention';
import { lastRunNeededOtp } from './transfer-otp';
import { runSummaryView } from './views';

/** Who a run of this month would pay and how much, and who it would leave out and why; nothing is written. */
export async function previewPayout(
  db: Db,
  input: { programme: Programme; period: string; minimumKobo: number; mode: 'transfer' | 'csv' },
) {
  const { payees, skipped } = await payoutCandidates(db, input.programme, input.minimumKobo);
  const existing = await findRunByPeriod(db, input.programme, input.period);
  const neededOtp = input.mode === 'transfer' && (await lastRunNeededOtp(db, input.programme));
  const sum = (list: { balanceKobo: number }[]) => list.reduce((s, c) => s + c.balanceKobo, 0);
  const person = (c: (typeof payees)[number] | (typeof skipped)[number]) => ({
    accountId: c.accountId,
    fullName: c.fullName,
    email: c.email,
    bankName: c.bankName,
    accountNumberLast4: c.accountNumberLast4,
  });
  return {
    programme: input.programme,
    period: input.period,
    minimum: toNairaString(input.minimumKobo),
    mode: input.mode,
    existingRun: existing ? runSummaryView(existing) : null,
    payees: payees.map((p) => ({ ...person(p), amount: toNairaString(p.amountKobo) })),
    skipped: skipped.map((s) => ({
      ...person(s),
      balance: toNairaString(s.balanceKobo),
      reason: s.reason,
      reasonText: SKIP_REASON_TEXT[s.reason],
    })),
    totals: {
      payees: payees.length,
      amount: toNairaString(sum(payees)),
      skipped: skipped.length,
      skippedAmount: toNairaString(sum(skipped)),
    },
    otpWarning: neededOtp
      ? `The last transfer run of this programme needed Paystack's one-time code: each transfer will wait for a code sent to the business's phone. ${OTP_ADVICE}`
      : null,
  };
}
