import { programmeName, type Programme, DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin, adminNameOf } from '../accounts/account-sql';
import { bankDetailsToPay } from '../bank-details/queries';
import { lagosTime } from '../../lib/lagos-time';
import { findPendingBySubject } from '../approvals/approval-store';
import { recordAudit } from '../audit/record-audit';
import { bankCodeNote, bankFileCsv, type BankFileRow } from './bank-file-layout';

/** The subjects of the two approval acts on a batch: one request of each kind waits per batch at a time. */
export const recordSubject = (batchId: number) => `bank-file-record:${batchId}`;
export const reversalSubject = (batchId: number) => `bank-file-reversal:${batchId}`;

export const batchLabel = (batchId: number) => `Batch ${batchId}`;

export interface BatchRun {
  id: number;
  programme: Programme;
  period: string;
  mode: 'transfer' | 'csv';
}

const notFound = () => new DomainError('batch_not_found', 'There is no such bank file');

/** The run of a bank-file payout, locked when asked: two downloads at once make one batch. */
async function csvRun(tx: Tx, runId: number, lock: boolean): Promise<BatchRun> {
  const [run] = await queryRows<{
    id: string;
    programme: Programme;
    period: string;
    mode: 'transfer' | 'csv';
  }>(
    tx,
    sql`select id, programme, period, mode from payout_runs where id = ${runId} ${lock ? sql`for update` : sql``}`,
  );
  if (!run) throw new DomainError('run_not_found', 'There is no such payout run');
  if (run.mode !== 'csv')
    throw new DomainError('transfer_run', 'This run pays by bank transfer: it has no bank file.');
  return { id: Number(run.id), programme: run.programme, period: run.period, mode: run.mode };
}

/**
 * "Download the bank file": the run's open batch if it has one (the same rows and id as before), else a new batch
 * of exactly the payouts to send now: held for this run (reserved) and in no bank file yet at their current
 * attempt. A payout the bank paid is not reserved, and one in a batch not yet recorded is in a file already, so
 * neither is in this one. The run row is locked, and the one open batch per run is a unique index besides.
 */
export async function openBankFile(
  db: Db,
  runId: number,
  adminId: string,
): Promise<{ batchId: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const run = await csvRun(tx, runId, true);
    const [open] = await queryRows<{ id: string }>(
      tx,
      sql`select id from payout_batches where run_id = ${run.id} and status = 'open'`,
    );
    if (open) return { batchId: Number(open.id), created: false };
    const due = await queryRows<{ id: string; attempt: number; reference: string; amount_kobo: string }>(
      tx,
      sql`select p.id, p.attempt, p.reference, p.amount_kobo from payouts p
          where p.run_id = ${run.id} and p.status = 'reserved'
            and not exists (select 1 from payout_batch_items i where i.payout_id = p.id and i.attempt = p.attempt)
          order by p.id for update of p`,
    );
    if (due.length === 0)
      throw new DomainError(
        'nothing_to_send',
        'Every payout of this run is in a bank file already or has its outcome: there is nothing to send to the bank. A failed payout goes into a new file once it is retried.',
      );
    const totalKobo = due.reduce((sum, p) => sum + Number(p.amount_kobo), 0);
    const [batch] = await queryRows<{ id: string }>(
      tx,
      sql`insert into payout_batches (run_id, payment_count, total_kobo, created_by)
          values (${run.id}, ${due.length}, ${totalKobo}, ${adminId}) returning id`,
    );
    const batchId = Number(batch!.id);
    for (const p of due)
      await tx.execute(sql`insert into payout_batch_items (batch_id, payout_id, attempt, reference, amount_kobo)
        values (${batchId}, ${p.id}, ${p.attempt}, ${p.reference}, ${p.amount_kobo})`);
    await recordAudit(tx, {
      actorAccountId: adminId,
      action: 'payout_bank_file_made',
      details: { runId: run.id, batchId, payments: due.length, totalKobo },
    });
    return { batchId, created: true };
  });
}

interface BatchRow {
  id: string;
  run_id: string;
  status: 'open' | 'recorded';
  payment_count: number;
  total_kobo: string;
  created_by: string;
  created_by_email: string;
  created_at: string | Date;
  recorded_by: string | null;
  recorded_by_email: string | null;
  recorded_approved_by: string | null;
  recorded_approved_by_email: string | null;
  recorded_at: string | Date | null;
}

const batchSql = sql`select b.id, b.run_id, b.status, b.payment_count, b.total_kobo, c.full_name as created_by, c.email as created_by_email, b.created_at,
    r.full_name as recorded_by, r.email as recorded_by_email, ra.full_name as recorded_approved_by,
    ra.email as recorded_approved_by_email, b.recorded_at
  from payout_batches b ${accountColumnsJoin('c', sql`b.created_by`, ['full_name', 'email'])}
    ${accountColumnsJoin('r', sql`b.recorded_by`, ['full_name', 'email'], 'left')}
    ${accountColumnsJoin('ra', sql`b.recorded_approved_by`, ['full_name', 'email'], 'left')}`;

/** A batch with its run (a bank-file run), or 404; locked for an act that records or corrects it. */
export async function findBatch(tx: Tx, batchId: number, options: { lock?: boolean } = {}) {
  if (options.lock) await queryRows(tx, sql`select id from payout_batches where id = ${batchId} for update`);
  const [row] = await queryRows<BatchRow>(tx, sql`${batchSql} where b.id = ${batchId}`);
  if (!row) throw notFound();
  return { row, run: await csvRun(tx, Number(row.run_id), false) };
}

/** The file of an open batch, audited in the transaction that reads the full account numbers. */
export async function bankFile(db: Db, batchId: number, adminId: string, reasonPrefix: string) {
  return db.transaction(async (tx) => {
    const { row, run } = await findBatch(tx, batchId);
    if (row.status !== 'open')
      throw new DomainError(
        'batch_recorded',
        `${batchLabel(batchId)} is recorded: its file is not given again, so that nobody is paid twice. Its payments and what the bank did are on the run's page and in the run's export.`,
      );
    const rows = await queryRows<{
      reference: string;
      amount_kobo: string;
      item_last4: string;
      account_name: string | null;
      account_number: string | null;
      bank_code: string | null;
      bank_name: string;
    }>(
      tx,
      sql`select i.reference, i.amount_kobo, p.account_number_last4 as item_last4,
            b.account_name, b.account_number, b.bank_code, p.bank_name
          from payout_batch_items i join payouts p on p.id = i.payout_id left join lateral ${bankDetailsToPay(sql`p.account_id`)} b on true
          where i.batch_id = ${batchId} order by i.payout_id`,
    );
    await recordAudit(tx, {
      actorAccountId: adminId,
      action: 'payout_csv_download',
      details: { runId: run.id, batchId, rows: rows.length, totalKobo: Number(row.total_kobo) },
    });
    const payments: BankFileRow[] = rows.map((r) => {
      // The file pays the account the payout was reserved for; changed details are flagged, not silently used.
      const same = r.account_number !== null && r.account_number.endsWith(r.item_last4);
      return {
        reference: r.reference,
        beneficiaryName: r.account_name ?? '',
        accountNumber: same ? r.account_number : null,
        bankCode: r.bank_code ?? '',
        bankName: r.bank_name,
        amountKobo: Number(r.amount_kobo),
        note: same
          ? bankCodeNote(r.bank_code ?? '', r.bank_name)
          : `Bank details changed after the run (was ****${r.item_last4}): do not pay this row; record it as not paid and check with the member`,
      };
    });
    const csv = bankFileCsv(
      {
        id: batchId,
        label: batchLabel(batchId),
        what: `${programmeName(run.programme)} payout ${run.period}`,
        narration: `${reasonPrefix} ${run.period}`,
        madeAt: lagosTime(new Date(row.created_at)),
        paymentCount: row.payment_count,
        totalKobo: Number(row.total_kobo),
      },
      payments,
    );
    return { filename: `bank-file-${run.programme}-${run.period}-batch-${batchId}.csv`, csv };
  });
}

export type BatchStatus = 'open' | 'awaiting_approval' | 'recorded' | 'reversed';

export interface BatchItem {
  payoutId: number;
  fullName: string;
  bankName: string;
  accountNumberLast4: string;
  attempt: number;
  reference: string;
  amountKobo: number;
  outcome: 'paid' | 'failed' | null;
  bankReason: string | null;
  reversedFrom: 'paid' | 'failed' | null;
  reversalReason: string | null;
  reversedBy: { fullName: string; email: string } | null;
  reversalApprovedBy: { fullName: string; email: string } | null;
  reversedAt: Date | null;
}

export interface Batch {
  id: number;
  runId: number;
  status: BatchStatus;
  paymentCount: number;
  totalKobo: number;
  paidKobo: number;
  /** The administrators, by name and email (issue 35). */
  createdBy: { fullName: string; email: string };
  createdAt: Date;
  recordedBy: { fullName: string; email: string } | null;
  recordedApprovedBy: { fullName: string; email: string } | null;
  recordedAt: Date | null;
  /** The request that waits for a second administrator to record this batch, or to correct it. */
  pendingRecordApprovalId: number | null;
  pendingReversalApprovalId: number | null;
  items: BatchItem[];
}

/**
 * A run's bank files, newest first, each with its payments and what the bank did. "awaiting_approval": its record
 * waits for a second administrator; "reversed": every payment of it was corrected by an approved reversal.
 */
export async function runBatches(db: Tx, runId: number): Promise<Batch[]> {
  const batches = await queryRows<BatchRow>(
    db,
    sql`${batchSql} where b.run_id = ${runId} order by b.id desc`,
  );
  const items = await queryRows<{
    batch_id: string;
    payout_id: string;
    full_name: string;
    bank_name: string;
    last4: string;
    attempt: number;
    reference: string;
    amount_kobo: string;
    outcome: 'paid' | 'failed' | null;
    bank_reason: string | null;
    reversed_from: 'paid' | 'failed' | null;
    reversal_reason: string | null;
    reversed_by: string | null;
    reversed_by_email: string | null;
    reversal_approved_by: string | null;
    reversal_approved_by_email: string | null;
    reversed_at: string | Date | null;
  }>(
    db,
    sql`select i.batch_id, i.payout_id, a.full_name, coalesce(t.bank_name, p.bank_name) as bank_name,
          coalesce(t.account_number_last4, p.account_number_last4) as last4, i.attempt, i.reference, i.amount_kobo,
          i.outcome, i.bank_reason, i.reversed_from, i.reversal_reason, rb.full_name as reversed_by, rb.email as reversed_by_email,
          ra.full_name as reversal_approved_by, ra.email as reversal_approved_by_email, i.reversed_at
        from payout_batch_items i join payout_batches b on b.id = i.batch_id join payouts p on p.id = i.payout_id
          ${accountColumnsJoin('a', sql`p.account_id`, ['full_name'])}
          left join payout_attempts t on t.payout_id = i.payout_id and t.attempt = i.attempt
          ${accountColumnsJoin('rb', sql`i.reversed_by`, ['full_name', 'email'], 'left')}
          ${accountColumnsJoin('ra', sql`i.reversal_approved_by`, ['full_name', 'email'], 'left')}
        where b.run_id = ${runId} order by i.payout_id`,
  );
  const result: Batch[] = [];
  for (const b of batches) {
    const id = Number(b.id);
    const own: BatchItem[] = items
      .filter((i) => Number(i.batch_id) === id)
      .map((i) => ({
        payoutId: Number(i.payout_id),
        fullName: i.full_name,
        bankName: i.bank_name,
        accountNumberLast4: i.last4,
        attempt: Number(i.attempt),
        reference: i.reference,
        amountKobo: Number(i.amount_kobo),
        outcome: i.outcome,
        bankReason: i.bank_reason,
        reversedFrom: i.reversed_from,
        reversalReason: i.reversal_reason,
        reversedBy: adminNameOf(i.reversed_by, i.reversed_by_email),
        reversalApprovedBy: adminNameOf(i.reversal_approved_by, i.reversal_approved_by_email),
        reversedAt: i.reversed_at ? new Date(i.reversed_at) : null,
      }));
    const record = b.status === 'open' ? await findPendingBySubject(db, recordSubject(id)) : undefined;
    const reversal =
      b.status === 'recorded' ? await findPendingBySubject(db, reversalSubject(id)) : undefined;
    const allReversed = own.length > 0 && own.every((i) => i.reversedFrom !== null);
    result.push({
      id,
      runId: Number(b.run_id),
      status:
        b.status === 'open' ? (record ? 'awaiting_approval' : 'open') : allReversed ? 'reversed' : 'recorded',
      paymentCount: b.payment_count,
      totalKobo: Number(b.total_kobo),
      paidKobo: own.filter((i) => i.outcome === 'paid').reduce((sum, i) => sum + i.amountKobo, 0),
      createdBy: { fullName: b.created_by, email: b.created_by_email },
      createdAt: new Date(b.created_at),
      recordedBy: adminNameOf(b.recorded_by, b.recorded_by_email),
      recordedApprovedBy: adminNameOf(b.recorded_approved_by, b.recorded_approved_by_email),
      recordedAt: b.recorded_at ? new Date(b.recorded_at) : null,
      pendingRecordApprovalId: record ? Number(record.id) : null,
      pendingReversalApprovalId: reversal ? Number(reversal.id) : null,
      items: own,
    });
  }
  return result;
}
