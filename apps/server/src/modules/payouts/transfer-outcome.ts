import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { Programme } from '../../plugins/auth';
import { postEntry, type EntryLine } from '../ledger/post-entry';
import { notify } from '../notifications/mail-queue';

export type PayoutStatus = 'reserved' | 'processing' | 'success' | 'failed' | 'reversed';

/** Paystack's transfer statuses: pending, otp and received are not conclusive; the rest are. */
const NOT_CONCLUSIVE = new Set(['pending', 'otp', 'received', 'queued']);
const FAILED = new Set(['failed', 'abandoned', 'blocked', 'rejected']);

export interface TransferOutcome {
  status: string;
  transferCode?: string | null;
  amountKobo: number;
  reason?: string | null;
}

export type OutcomeResult =
  | { applied: true; from: PayoutStatus; to: PayoutStatus }
  | { applied: false; why: 'unknown_reference' | 'amount_mismatch' | 'no_change'; status?: PayoutStatus };

interface PayoutRow {
  id: string;
  run_id: string | null;
  account_id: string;
  programme: Programme;
  amount_kobo: string;
  status: PayoutStatus;
  bank_name: string;
  account_number_last4: string;
}

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
    idempotencyKey: `payout:${p.id}:${outcome}`,
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
      sql`select id, run_id, account_id, programme, amount_kobo, status, bank_name, account_number_last4 from payouts where reference = ${reference} for update`,
    );
    if (!p) return { applied: false, why: 'unknown_reference' };
    if (outcome.amountKobo !== Number(p.amount_kobo))
      return { applied: false, why: 'amount_mismatch', status: p.status };
    const open = p.status === 'reserved' || p.status === 'processing';
    const reason = outcome.reason ?? null;
    let to: PayoutStatus | null = null;
    if (NOT_CONCLUSIVE.has(outcome.status) && p.status === 'reserved') {
      to = 'processing';
    } else if (outcome.status === 'success' && open) {
      await move(tx, p, 'success', clearing(p), settlement(p), `Payout ${p.id} paid by bank transfer`);
      to = 'success';
    } else if ((FAILED.has(outcome.status) || outcome.status === 'reversed') && open) {
      await move(
        tx,
        p,
        'released',
        clearing(p),
        wallet(p),
        `Bonus payout ${p.id} did not reach your bank: the amount is back in your wallet`,
      );
      to = outcome.status === 'reversed' ? 'reversed' : 'failed';
    } else if (outcome.status === 'reversed' && p.status === 'success') {
      await move(
        tx,
        p,
        'reversed',
        settlement(p),
        wallet(p),
        `Bonus payout ${p.id} was reversed by the bank: the amount is back in your wallet`,
      );
      to = 'reversed';
    }
    if (!to) return { applied: false, why: 'no_change', status: p.status };
    await tx.execute(sql`
      update payouts set status = ${to}, transfer_code = coalesce(${outcome.transferCode ?? null}, transfer_code),
        failure_reason = ${to === 'failed' || to === 'reversed' ? (reason ?? `Transfer ${outcome.status}`) : null}, updated_at = now()
      where id = ${p.id}`);
    await notifyPayout(tx, p, to, reason ?? `the bank answered ${outcome.status}`);
    // A payout just sent keeps its run open; only a final outcome can complete it.
    if (p.run_id && to !== 'processing') await completeRunWhenSettled(tx, Number(p.run_id));
    return { applied: true, from: p.status, to };
  });
}

/** Tells the member where the payout stands; a failure says what to fix. */
function notifyPayout(tx: Tx, p: PayoutRow, to: PayoutStatus, reason: string) {
  const money = { amountKobo: Number(p.amount_kobo), bankName: p.bank_name, accountNumberLast4: p.account_number_last4 };
  if (to === 'processing') return notify(tx, p.account_id, { kind: 'payout_sent', ...money });
  if (to === 'success') return notify(tx, p.account_id, { kind: 'payout_paid', ...money });
  if (to === 'failed' || to === 'reversed') return notify(tx, p.account_id, { kind: 'payout_failed', ...money, reason });
}

/**
 * A run is completed once none of its payouts waits for an outcome. The run row is locked first: two
 * outcomes committing at once would otherwise each see the other's payout still open, and neither would
 * complete the run.
 */
export async function completeRunWhenSettled(tx: Tx, runId: number) {
  await tx.execute(sql`select id from payout_runs where id = ${runId} for update`);
  await tx.execute(sql`
    update payout_runs set status = 'completed', completed_at = now()
    where id = ${runId} and status = 'running'
      and not exists (select 1 from payouts where run_id = ${runId} and status in ('reserved', 'processing'))`);
}
