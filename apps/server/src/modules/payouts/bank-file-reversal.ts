import { formatNaira, programmeName, type Programme, DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import type { FrozenLine } from '../approvals/approval-acts';
import { recordAudit } from '../audit/record-audit';
import { walletBalanceOf } from '../ledger/ledger-store';
import { postEntry } from '../ledger/post-entry';
import { notify } from '../notifications/mail-queue';
import { batchLabel, findBatch } from './bank-file-batches';
import { payoutMoveKey, refreshRunStatus } from './transfer-outcome';

/** A correction of a recorded batch: these payments' recorded outcome was wrong, and why. */
export interface BankFileReversal {
  batchId: number;
  payoutIds: number[];
  reason: string;
}

interface RowToFlip {
  payout_id: string;
  attempt: number;
  amount_kobo: string;
  outcome: 'paid' | 'failed';
  reversed_from: string | null;
  account_id: string;
  programme: Programme;
  full_name: string;
  email: string;
  bank_name: string;
  last4: string;
  payout_status: string;
  payout_attempt: number;
  wallet_kobo: string | null;
}

const flipped = (outcome: 'paid' | 'failed') => (outcome === 'paid' ? 'failed' : 'paid');

/**
 * Checks a reversal against the batch: recorded, each payout one of its payments, not corrected before (a record is
 * corrected once), and still as the record left it. A payment recorded as paid must still be paid; one recorded as
 * not paid must not have been retried or released since (its money is in the wallet, and the wallet still holds it),
 * or the member would be paid twice.
 */
export async function checkReversal(tx: Tx, ask: BankFileReversal, options: { lock?: boolean } = {}) {
  const { row, run } = await findBatch(tx, ask.batchId, { lock: options.lock });
  if (row.status !== 'recorded')
    throw new DomainError(
      'batch_open',
      `${batchLabel(ask.batchId)} is not recorded yet: there is nothing to correct. Record what the bank paid instead.`,
    );
  const rows = await queryRows<RowToFlip>(
    tx,
    sql`select i.payout_id, i.attempt, i.amount_kobo, i.outcome, i.reversed_from, p.account_id, p.programme, a.full_name, a.email,
          coalesce(t.bank_name, p.bank_name) as bank_name, coalesce(t.account_number_last4, p.account_number_last4) as last4,
          p.status as payout_status, p.attempt as payout_attempt,
          ${walletBalanceOf(sql`p.account_id`)} as wallet_kobo
        from payout_batch_items i join payouts p on p.id = i.payout_id ${accountColumnsJoin('a', sql`p.account_id`, ['full_name', 'email'])}
          left join payout_attempts t on t.payout_id = i.payout_id and t.attempt = i.attempt
        where i.batch_id = ${ask.batchId} and i.payout_id in (${sql.join(
          ask.payoutIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by i.payout_id ${options.lock ? sql`for update of i, p` : sql``}`,
  );
  const missing = ask.payoutIds.find((id) => !rows.some((r) => Number(r.payout_id) === id));
  if (missing !== undefined)
    throw new DomainError('unknown_payout', `Payout ${missing} is not in ${batchLabel(ask.batchId)}`);
  for (const r of rows) {
    if (r.reversed_from !== null)
      throw new DomainError(
        'already_reversed',
        `${r.full_name}'s payment in ${batchLabel(ask.batchId)} was corrected once already; a record is corrected once.`,
      );
    const stillAsRecorded =
      r.outcome === 'paid' ? r.payout_status === 'success' : r.payout_status === 'failed';
    if (!stillAsRecorded || Number(r.payout_attempt) !== Number(r.attempt))
      throw new DomainError(
        'payout_changed',
        r.outcome === 'failed'
          ? `${r.full_name}'s payout was retried or released after this record (it is now ${r.payout_status}, attempt ${r.payout_attempt}): marking the old payment paid would pay twice. Record the later bank file as not paid, then ask again.`
          : `${r.full_name}'s payout is no longer as this record left it (it is now ${r.payout_status}): look at the run again.`,
      );
    if (r.outcome === 'failed' && Number(r.wallet_kobo ?? 0) < Number(r.amount_kobo))
      throw new DomainError(
        'wallet_changed',
        `${r.full_name}'s wallet holds ${formatNaira(Number(r.wallet_kobo ?? 0))}, less than the ${formatNaira(Number(r.amount_kobo))} returned by this record: the money went out another way since. Settle that first.`,
      );
  }
  return { row, run, rows };
}

const line = (r: RowToFlip): FrozenLine => ({
  accountId: r.account_id,
  fullName: r.full_name,
  email: r.email,
  bankName: r.bank_name,
  accountNumberLast4: r.last4,
  amountKobo: Number(r.amount_kobo),
  ref: Number(r.payout_id),
});

/** What the second administrator reads: which payments change, which way, and where their money goes. */
export async function describeReversal(db: Tx, ask: BankFileReversal) {
  const { run, rows } = await checkReversal(db, ask);
  const words = rows.map((r) =>
    r.outcome === 'paid'
      ? `${r.full_name}: recorded paid, the bank did not pay (${formatNaira(Number(r.amount_kobo))} back to the wallet)`
      : `${r.full_name}: recorded not paid, the bank paid (${formatNaira(Number(r.amount_kobo))} taken from the wallet as paid)`,
  );
  return {
    summary: `correct ${batchLabel(ask.batchId)} of the ${programmeName(run.programme)} payout ${run.period}: ${words.join('; ')}. Why: ${ask.reason}`,
    lines: rows.map(line),
  };
}

/**
 * Corrects a recorded batch, in the caller's transaction, each payment once (the item keeps what was recorded first,
 * and its ledger move has its own key per attempt). Recorded paid, not paid in truth: the money comes back from the
 * bank's settlement account to the wallet and the payout is failed with this reason, so Retry pays it in the next file.
 * Recorded not paid, paid in truth: the money goes from the wallet to the settlement account and the payout is paid.
 */
export async function reverseBankFile(
  tx: Tx,
  ask: BankFileReversal,
  by: { makerId: string; approvedBy: string | null },
) {
  const { run, rows } = await checkReversal(tx, ask, { lock: true });
  for (const r of rows) {
    const amountKobo = Number(r.amount_kobo);
    const wallet = { kind: 'wallet' as const, programme: r.programme, accountId: r.account_id };
    const settlement = { kind: 'provider_settlement' as const, programme: r.programme };
    const money = { amountKobo, bankName: r.bank_name, accountNumberLast4: r.last4 };
    if (r.outcome === 'paid') {
      await postEntry(tx, {
        kind: 'payout_reversed',
        idempotencyKey: payoutMoveKey(r.payout_id, Number(r.attempt), 'bank-file-unpaid'),
        programme: r.programme,
        memo: `Bonus payout ${r.payout_id} did not reach your bank after all: the amount is back in your wallet`,
        createdBy: by.makerId,
        lines: [
          { account: settlement, amountKobo: -amountKobo },
          { account: wallet, amountKobo },
        ],
      });
      await tx.execute(
        sql`update payouts set status = 'failed', provider_status = 'failed', failure_reason = ${ask.reason}, updated_at = now() where id = ${r.payout_id}`,
      );
      await notify(tx, r.account_id, {
        kind: 'payout_failed',
        ...money,
        reason: `the bank said: ${ask.reason}`,
      });
    } else {
      await postEntry(tx, {
        kind: 'payout_success',
        idempotencyKey: payoutMoveKey(r.payout_id, Number(r.attempt), 'bank-file-paid'),
        programme: r.programme,
        memo: `Bonus payout ${r.payout_id} was paid by the bank after all: the amount returned to your wallet is paid out`,
        createdBy: by.makerId,
        lines: [
          { account: wallet, amountKobo: -amountKobo },
          { account: settlement, amountKobo },
        ],
      });
      await tx.execute(
        sql`update payouts set status = 'success', provider_status = 'success', failure_reason = null, updated_at = now() where id = ${r.payout_id}`,
      );
      await notify(tx, r.account_id, { kind: 'payout_paid', ...money });
    }
    await tx.execute(sql`update payout_batch_items set outcome = ${flipped(r.outcome)}, reversed_from = ${r.outcome},
        bank_reason = ${r.outcome === 'paid' ? ask.reason : sql`bank_reason`}, reversal_reason = ${ask.reason},
        reversed_by = ${by.makerId}, reversal_approved_by = ${by.approvedBy}, reversed_at = now()
      where batch_id = ${ask.batchId} and payout_id = ${r.payout_id}`);
  }
  await refreshRunStatus(tx, run.id);
  await recordAudit(tx, {
    actorAccountId: by.approvedBy ?? by.makerId,
    action: 'payout_bank_file_reversal',
    details: {
      runId: run.id,
      batchId: ask.batchId,
      payouts: rows.map((r) => ({
        payoutId: Number(r.payout_id),
        from: r.outcome,
        to: flipped(r.outcome),
        amountKobo: Number(r.amount_kobo),
      })),
      reason: ask.reason,
      askedBy: by.makerId,
      approvedBy: by.approvedBy,
    },
  });
  return { corrected: rows.length };
}
