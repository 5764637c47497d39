import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { postEntry, type EntryLine } from '../ledger/post-entry';
import { notify } from '../notifications/mail-queue';

import { classifyTransferStatus, transferStatusText, WAITING_STATUSES as WAITING } from './transfer-status';

export type PayoutStatus = 'reserved' | 'processing' | 'otp' | 'success' | 'failed' | 'reversed' | 'released';

export interface TransferOutcome {
  status: string;
  transferCode?: string | null;
  amountKobo: number;
  reason?: string | null;
}

export type OutcomeResult =
  | { applied: true; from: PayoutStatus; to: PayoutStatus }
  | {
      applied: false;
      why: 'unknown_reference' | 'amount_mismatch' | 'no_change' | 'flagged';
      status?: PayoutStatus;
    };

interface PayoutRow {
  id: string;
  run_id: string | null;
  account_id: string;
  programme: Programme;
  amount_kobo: string;
  status: PayoutStatus;
  attempt: number;
  bank_name: string;
  account_number_last4: string;
  provider_status: string | null;
}

/**
 * The ledger key of one move of one attempt. The first attempt keeps the keys payouts always had; a payout
 * paid again in its run (retry-failed-payout.ts) moves under keys of its new attempt, each once.
 */
export const payoutMoveKey = (payoutId: number | string, attempt: number, move: string) =>
  attempt === 1 ? `payout:${payoutId}:${move}` : `payout:${payoutId}:a${attempt}:${move}`;

const wallet = (p: PayoutRow): EntryLine['account'] => ({
  kind: 'wallet',
  programme: p.programme,
  accountId: p.account_id,
});
const clearing = (p: PayoutRow): EntryLine['account'] => ({
  kind: 'payout_clearing',
  programme: p.programme,
});
const settlement = (p: PayoutRow): EntryLine['account'] => ({
  kind: 'provider_settlement',
  programme: p.programme,
});

/** One ledger move per payout and outcome; its key makes a repeated webhook or a retry change nothing. */
async function move(
  tx: Tx,
  p: PayoutRow,
  outcome: 'success' | 'released' | 'reversed',
  from: EntryLine['account'],
  to: EntryLine['account'],
  memo: string,
) {
  const amountKobo = Number(p.amount_kobo);
  await postEntry(tx, {
    kind: `payout_${outcome}`,
    idempotencyKey: payoutMoveKey(p.id, Number(p.attempt), outcome),
    programme: p.programme,
    memo,
    lines: [
      { account: from, amountKobo: -amountKobo },
      { account: to, amountKobo },
    ],
  });
}

/**
 * Applies the provider's word on a transfer to its payout, in one transaction with the payout row locked:
 * success settles the reserved money (clearing -> provider settlement); failure or reversal releases it back
 * to the wallet; a reversal after success takes it back from the settlement account. Each happens once.
 */
export async function applyTransferOutcome(
  db: Db | Tx,
  reference: string,
  outcome: TransferOutcome,
): Promise<OutcomeResult> {
  return db.transaction(async (tx) => {
    const [p] = await queryRows<PayoutRow>(
      tx,
      sql`select id, run_id, account_id, programme, amount_kobo, status, attempt, bank_name, account_number_last4, provider_status from payouts where reference = ${reference} for update`,
    );
    if (!p) return { applied: false, why: 'unknown_reference' };
    if (outcome.amountKobo !== Number(p.amount_kobo))
      return { applied: false, why: 'amount_mismatch', status: p.status };
    const open = p.status === 'reserved' || p.status === 'processing' || p.status === 'otp';
    const kind = classifyTransferStatus(outcome.status);
    // Paystack's own words when it gives some; else what its status means, in plain words.
    const reason = outcome.reason || transferStatusText(outcome.status);
    let to: PayoutStatus | null = null;
    if ((kind === 'waiting' || kind === 'unknown') && open) {
      // An unknown word is kept as provider_status and the run shows it to the operator (refreshRunStatus).
      to = 'processing';
    } else if (kind === 'otp' && open) {
      to = 'otp';
    } else if (kind === 'success' && open) {
      await move(tx, p, 'success', clearing(p), settlement(p), `Payout ${p.id} paid by bank transfer`);
      to = 'success';
    } else if ((kind === 'failed' || kind === 'reversed') && open) {
      await move(
        tx,
        p,
        'released',
        clearing(p),
        wallet(p),
        `Bonus payout ${p.id} did not reach your bank: the amount is back in your wallet`,
      );
      to = kind === 'reversed' ? 'reversed' : 'failed';
    } else if (kind === 'reversed' && p.status === 'success') {
      await move(
        tx,
        p,
        'reversed',
        settlement(p),
        wallet(p),
        `Bonus payout ${p.id} was reversed by the bank: the amount is back in your wallet`,
      );
      to = 'reversed';
    } else if (kind === 'failed' && p.status === 'success') {
      // Paystack said success, then failed. No money moves on a word that contradicts a paid transfer (a reversal
      // would bring it back); the operator is told to look, and the run waits for them (refreshRunStatus).
      const note = `Paystack reported this transfer ${outcome.status} after it had been paid (${reason}): check it in Paystack's dashboard`;
      await tx.execute(sql`update payouts set provider_status = ${outcome.status}, provider_note = ${note}, updated_at = now()
        where id = ${p.id} and provider_note is distinct from ${note}`);
      if (p.run_id) await refreshRunStatus(tx, Number(p.run_id));
      return { applied: false, why: 'flagged', status: p.status };
    }
    if (to && to === p.status && p.provider_status === outcome.status) to = null;
    if (!to) return { applied: false, why: 'no_change', status: p.status };
    await tx.execute(sql`
      update payouts set status = ${to}, provider_status = ${outcome.status}, transfer_code = coalesce(${outcome.transferCode ?? null}, transfer_code),
        failure_reason = ${to === 'failed' || to === 'reversed' ? reason : null}, updated_at = now()
      where id = ${p.id}`);
    // The member hears of a payout sent once, not again when Paystack moves it from otp or pending to received.
    if (to !== p.status) await notifyPayout(tx, p, to, reason);
    // A payout sent and simply waiting leaves its run as it was (running); only a payout that now needs a person
    // or has an outcome changes what the run says. Skipping the rest keeps a large run from queueing on the run row.
    if (p.run_id && (to !== 'processing' || kind === 'unknown' || p.status === 'otp'))
      await refreshRunStatus(tx, Number(p.run_id));
    return { applied: true, from: p.status, to };
  });
}

/** Tells the member where the payout stands; a failure says what to fix. */
function notifyPayout(tx: Tx, p: PayoutRow, to: PayoutStatus, reason: string) {
  const money = {
    amountKobo: Number(p.amount_kobo),
    bankName: p.bank_name,
    accountNumberLast4: p.account_number_last4,
  };
  if ((to === 'processing' || to === 'otp') && p.status === 'reserved')
    return notify(tx, p.account_id, { kind: 'payout_sent', ...money });
  if (to === 'success') return notify(tx, p.account_id, { kind: 'payout_paid', ...money });
  if (to === 'failed' || to === 'reversed')
    return notify(tx, p.account_id, { kind: 'payout_failed', ...money, reason });
}

/**
 * What a run says follows from its payouts: needs_attention as soon as one needs a person (failed or reversed
 * and not paid since, waiting for its one-time code, a status Paystack never documented, or a failed reported
 * after success), even while others are still with the bank; else running while one waits for an outcome (or
 * the payees are still being reserved); completed when every payout is paid or released. The run row is locked first: two outcomes committing at once would
 * otherwise each see the other's payout still open, and neither would move the run on.
 */
export async function refreshRunStatus(tx: Tx, runId: number) {
  await tx.execute(sql`select id from payout_runs where id = ${runId} for update`);
  await tx.execute(sql`
    update payout_runs r set status = s.status,
      completed_at = case when s.status = 'completed' then coalesce(r.completed_at, now()) end
    from (
      select case
          when bool_or(p.status in ('failed', 'reversed', 'otp')
            or (p.status = 'processing' and p.provider_status is not null and p.provider_status not in (${sql.join(
              WAITING.map((w) => sql`${w}`),
              sql`, `,
            )}))
            or (p.status = 'success' and p.provider_note is not null)) then 'needs_attention'
          when (select reservations_done_at from payout_runs where id = ${runId}) is null then 'running'
          when bool_or(p.status in ('reserved', 'processing')) then 'running'
          else 'completed' end as status
      from payouts p where p.run_id = ${runId}
    ) s
    where r.id = ${runId} and r.status is distinct from s.status`);
}
