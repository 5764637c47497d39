import { formatNaira, programmeName, DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import type { FrozenLine } from '../approvals/approval-acts';
import { recordAudit } from '../audit/record-audit';
import { batchLabel, findBatch } from './bank-file-batches';
import { applyTransferOutcome } from './transfer-outcome';

/** What the bank did with a batch: every payment paid except those named, each with the bank's reason. */
export interface BankAnswer {
  batchId: number;
  failed: { payoutId: number; reason: string }[];
}

interface ItemRow {
  payout_id: string;
  attempt: number;
  reference: string;
  amount_kobo: string;
  account_id: string;
  full_name: string;
  email: string;
  bank_name: string;
  last4: string;
  payout_reference: string;
  payout_status: string;
}

const itemsOf = (tx: Tx, batchId: number, lock: boolean) =>
  queryRows<ItemRow>(
    tx,
    sql`select i.payout_id, i.attempt, i.reference, i.amount_kobo, p.account_id, a.full_name, a.email, p.bank_name,
          p.account_number_last4 as last4, p.reference as payout_reference, p.status as payout_status
        from payout_batch_items i join payouts p on p.id = i.payout_id ${accountColumnsJoin('a', sql`p.account_id`, ['full_name', 'email'])}
        where i.batch_id = ${batchId} order by i.payout_id ${lock ? sql`for update of p` : sql``}`,
  );

/**
 * Checks an answer against its batch: the batch is not recorded yet, every payout named is one of its payments
 * (once), and each payment is still the one the file held (held for the run, same reference). Answers the batch's
 * payments, split into paid and failed, with the paid total.
 */
export async function checkBankAnswer(tx: Tx, answer: BankAnswer, options: { lock?: boolean } = {}) {
  const { row, run } = await findBatch(tx, answer.batchId, { lock: options.lock });
  if (row.status !== 'open')
    throw new DomainError(
      'batch_recorded',
      `${batchLabel(answer.batchId)} is recorded already. A mistaken record is corrected by asking for a reversal.`,
    );
  const items = await itemsOf(tx, answer.batchId, options.lock ?? false);
  const ids = new Set(items.map((i) => Number(i.payout_id)));
  const seen = new Set<number>();
  for (const f of answer.failed) {
    if (!ids.has(f.payoutId))
      throw new DomainError('unknown_payout', `Payout ${f.payoutId} is not in ${batchLabel(answer.batchId)}`);
    if (seen.has(f.payoutId)) throw new DomainError('unknown_payout', `Payout ${f.payoutId} is named twice`);
    seen.add(f.payoutId);
  }
  const changed = items.find((i) => i.payout_status !== 'reserved' || i.payout_reference !== i.reference);
  if (changed)
    throw new DomainError(
      'batch_changed',
      `${changed.full_name}'s payout changed since the file was made: reload the run's page and look again.`,
    );
  const reasons = new Map(answer.failed.map((f) => [f.payoutId, f.reason]));
  const paid = items.filter((i) => !reasons.has(Number(i.payout_id)));
  const paidKobo = paid.reduce((sum, i) => sum + Number(i.amount_kobo), 0);
  return { row, run, items, paid, reasons, paidKobo };
}

const line = (i: ItemRow): FrozenLine => ({
  accountId: i.account_id,
  fullName: i.full_name,
  email: i.email,
  bankName: i.bank_name,
  accountNumberLast4: i.last4,
  amountKobo: Number(i.amount_kobo),
  ref: Number(i.payout_id),
});

/** What the second administrator reads: the batch, what it records as paid (the lines) and what as not paid, with why. */
export async function describeBankAnswer(db: Tx, answer: BankAnswer) {
  const { run, items, paid, reasons, paidKobo } = await checkBankAnswer(db, answer);
  const failed = items.filter((i) => reasons.has(Number(i.payout_id)));
  const named = failed
    .slice(0, 5)
    .map((i) => `${i.full_name} (the bank said: “${reasons.get(Number(i.payout_id))}”)`);
  const more = failed.length > named.length ? ` and ${failed.length - named.length} more` : '';
  return {
    summary:
      `record what the bank paid for ${batchLabel(answer.batchId)} of the ${programmeName(run.programme)} payout ${run.period}: ` +
      `${paid.length} paid (${formatNaira(paidKobo)})` +
      (failed.length
        ? `, ${failed.length} not paid, back to the wallet: ${named.join('; ')}${more}`
        : ', none refused'),
    paidKobo,
    lines: paid.map(line),
  };
}

/**
 * Records the bank's answer for a batch, in the caller's transaction: each paid payment settles (clearing -> the
 * bank's settlement account), each failed one goes back to the member's wallet with the bank's reason, each once
 * (applyTransferOutcome's keys). The batch is locked and must still be open, so a second record moves nothing.
 */
export async function recordBankAnswer(
  tx: Tx,
  answer: BankAnswer,
  by: { makerId: string; approvedBy: string | null },
) {
  const { run, items, reasons, paidKobo } = await checkBankAnswer(tx, answer, { lock: true });
  for (const i of items) {
    const reason = reasons.get(Number(i.payout_id)) ?? null;
    await applyTransferOutcome(tx, i.reference, {
      status: reason === null ? 'success' : 'failed',
      amountKobo: Number(i.amount_kobo),
      reason,
    });
    await tx.execute(sql`update payout_batch_items set outcome = ${reason === null ? 'paid' : 'failed'}, bank_reason = ${reason}
      where batch_id = ${answer.batchId} and payout_id = ${i.payout_id}`);
  }
  await tx.execute(sql`update payout_batches set status = 'recorded', recorded_by = ${by.makerId}, recorded_approved_by = ${by.approvedBy}, recorded_at = now()
    where id = ${answer.batchId}`);
  await recordAudit(tx, {
    actorAccountId: by.approvedBy ?? by.makerId,
    action: 'payout_csv_confirm',
    details: {
      runId: run.id,
      batchId: answer.batchId,
      paidKobo,
      failed: answer.failed,
      recordedBy: by.makerId,
      approvedBy: by.approvedBy,
    },
  });
  return { settled: items.length - reasons.size, failed: reasons.size, paidKobo };
}
