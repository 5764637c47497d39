import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin, adminNameOf } from '../accounts/account-sql';
import { bankDetailsSummary } from '../bank-details/queries';
import { payoutAttention, type PayoutAttention } from './attention';
import type { PayoutStatus } from './transfer-outcome';
import { transferStatusText } from './transfer-status';

/** The screen's words for a payout: ours while it is not with Paystack, else what Paystack's status means. */
const transferText = (status: PayoutStatus, providerStatus: string | null) =>
  status === 'reserved'
    ? 'Held for this run; not sent to Paystack yet'
    : status === 'released'
      ? 'Released: not paid in this run; the money is in the wallet'
      : transferStatusText(providerStatus ?? status);

/** A bank-file run's payout: where it is among the files, and what the bank did (Paystack has no part in it). */
const BANK_FILE_TEXT: Partial<Record<PayoutStatus, string>> = {
  success: "Paid: the bank's answer records it paid",
  failed: 'The bank did not pay this account; the money is back in the wallet',
  released: 'Released: not paid in this run; the money is in the wallet',
};
const bankFileText = (status: PayoutStatus, inFile: boolean) =>
  status === 'reserved'
    ? inFile
      ? "Held for this run: in the bank file sent, waiting for the bank's answer"
      : 'Held for this run: goes in the next bank file'
    : (BANK_FILE_TEXT[status] ?? status);

export type RunStatus = 'running' | 'needs_attention' | 'completed';

export interface RunSummary {
  id: number;
  programme: Programme;
  period: string;
  mode: 'transfer' | 'csv';
  status: RunStatus;
  /** The administrator (name and email), or null when the payout schedule ran it by itself. */
  createdBy: { fullName: string; email: string } | null;
  /** The second administrator who approved the run, when one did. */
  approvedBy: { fullName: string; email: string } | null;
  createdAt: Date;
  completedAt: Date | null;
  payoutCount: number;
  totalKobo: number;
  paidKobo: number;
  counts: Record<PayoutStatus, number>;
}

interface SummaryRow {
  id: string;
  programme: Programme;
  period: string;
  mode: 'transfer' | 'csv';
  status: RunStatus;
  created_by: string | null;
  created_by_email: string | null;
  approved_by: string | null;
  approved_by_email: string | null;
  created_at: string | Date;
  completed_at: string | Date | null;
  payout_count: string;
  total_kobo: string;
  paid_kobo: string;
  reserved: string;
  processing: string;
  success: string;
  failed: string;
  reversed: string;
  released: string;
  otp: string;
}

const summarySql = sql`
  select r.id, r.programme, r.period, r.mode, r.status, a.full_name as created_by, a.email as created_by_email, ap.full_name as approved_by, ap.email as approved_by_email, r.created_at, r.completed_at,
    count(p.id) as payout_count,
    coalesce(sum(p.amount_kobo), 0) as total_kobo,
    coalesce(sum(p.amount_kobo) filter (where p.status = 'success'), 0) as paid_kobo,
    count(p.id) filter (where p.status = 'reserved') as reserved,
    count(p.id) filter (where p.status = 'processing') as processing,
    count(p.id) filter (where p.status = 'success') as success,
    count(p.id) filter (where p.status = 'failed') as failed,
    count(p.id) filter (where p.status = 'reversed') as reversed,
    count(p.id) filter (where p.status = 'released') as released,
    count(p.id) filter (where p.status = 'otp') as otp
  from payout_runs r ${accountColumnsJoin('a', sql`r.created_by`, ['full_name', 'email'], 'left')}
    ${accountColumnsJoin('ap', sql`r.approved_by`, ['full_name', 'email'], 'left')} left join payouts p on p.run_id = r.id`;

const toSummary = (r: SummaryRow): RunSummary => ({
  id: Number(r.id),
  programme: r.programme,
  period: r.period,
  mode: r.mode,
  status: r.status,
  createdBy: adminNameOf(r.created_by, r.created_by_email),
  approvedBy: adminNameOf(r.approved_by, r.approved_by_email),
  createdAt: new Date(r.created_at),
  completedAt: r.completed_at ? new Date(r.completed_at) : null,
  payoutCount: Number(r.payout_count),
  totalKobo: Number(r.total_kobo),
  paidKobo: Number(r.paid_kobo),
  counts: {
    reserved: Number(r.reserved),
    processing: Number(r.processing),
    success: Number(r.success),
    failed: Number(r.failed),
    reversed: Number(r.reversed),
    released: Number(r.released),
    otp: Number(r.otp),
  },
});

export async function listRuns(db: Tx, page: { limit: number; offset: number; programme?: Programme }) {
  const where = page.programme ? sql`where r.programme = ${page.programme}` : sql``;
  const rows = await queryRows<SummaryRow>(
    db,
    sql`${summarySql} ${where} group by r.id, a.full_name, a.email, ap.full_name, ap.email order by r.period desc, r.id desc limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await queryRows<{ n: string }>(db, sql`select count(*) as n from payout_runs r ${where}`);
  return { total: Number(count!.n), items: rows.map(toSummary) };
}

export async function findRun(db: Tx, runId: number): Promise<RunSummary | null> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`${summarySql} where r.id = ${runId} group by r.id, a.full_name, a.email, ap.full_name, ap.email`,
  );
  return row ? toSummary(row) : null;
}

export async function findRunByPeriod(
  db: Tx,
  programme: Programme,
  period: string,
): Promise<RunSummary | null> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`${summarySql} where r.programme = ${programme} and r.period = ${period} group by r.id, a.full_name, a.email, ap.full_name, ap.email`,
  );
  return row ? toSummary(row) : null;
}

export interface RunPayout {
  id: number;
  accountId: string;
  fullName: string;
  email: string;
  amountKobo: number;
  status: PayoutStatus;
  reference: string;
  bankName: string;
  accountNumberLast4: string;
  failureReason: string | null;
  releasedReason: string | null;
  /** Paystack's last word on the transfer (a bank-file run: the recorded outcome), and what it means. */
  providerStatus: string | null;
  statusText: string;
  attempt: number;
  /** For a failed or reversed payout: what went wrong and what the administrator can do. */
  attention: PayoutAttention | null;
  updatedAt: Date;
}

/** A run's payouts with the bank's name and the last 4 digits only: the full number never leaves the server here. */
export async function runPayouts(db: Tx, runId: number): Promise<RunPayout[]> {
  const rows = await queryRows<{
    id: string;
    account_id: string;
    full_name: string;
    email: string;
    amount_kobo: string;
    status: PayoutStatus;
    reference: string;
    bank_name: string;
    account_number_last4: string;
    failure_reason: string | null;
    released_reason: string | null;
    provider_status: string | null;
    provider_note: string | null;
    attempt: number;
    updated_at: string | Date;
    bank_verified: boolean | null;
    bank_changed: boolean | null;
    mode: 'transfer' | 'csv';
    in_file: boolean;
  }>(
    db,
    sql`select p.id, p.account_id, a.full_name, a.email, p.amount_kobo, p.status, p.reference, p.bank_name, p.account_number_last4,
          p.failure_reason, p.released_reason, p.provider_status, p.provider_note, p.attempt, p.updated_at,
          b.verified as bank_verified, b.updated_at > p.updated_at as bank_changed, r.mode,
          exists (select 1 from payout_batch_items i where i.payout_id = p.id and i.attempt = p.attempt) as in_file
        from payouts p join payout_runs r on r.id = p.run_id ${accountColumnsJoin('a', sql`p.account_id`, ['full_name', 'email'])} left join lateral ${bankDetailsSummary(sql`p.account_id`)} b on true
        where p.run_id = ${runId} order by p.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    accountId: r.account_id,
    fullName: r.full_name,
    email: r.email,
    amountKobo: Number(r.amount_kobo),
    status: r.status,
    reference: r.reference,
    bankName: r.bank_name,
    accountNumberLast4: r.account_number_last4,
    failureReason: r.failure_reason,
    releasedReason: r.released_reason,
    providerStatus: r.provider_status,
    statusText:
      r.mode === 'csv' ? bankFileText(r.status, r.in_file) : transferText(r.status, r.provider_status),
    attempt: Number(r.attempt),
    attention: payoutAttention({
      status: r.status,
      failureReason: r.failure_reason,
      providerStatus: r.provider_status,
      providerNote: r.provider_note,
      bank:
        r.bank_verified === null
          ? null
          : { verified: r.bank_verified, changedSinceFailure: r.bank_changed === true },
      mode: r.mode,
    }),
    updatedAt: new Date(r.updated_at),
  }));
}
