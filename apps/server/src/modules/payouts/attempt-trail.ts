import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';

/** The payee's name and email beside each payout, in the trail's one statement. */
const payeeJoin = accountColumnsJoin('a', sql`p.account_id`, ['full_name', 'email']);

/** One transfer the provider was asked to make: a line of the bank statement. */
export interface TransferAttempt {
  payoutId: number;
  runId: number | null;
  programme: Programme;
  period: string | null;
  accountId: string;
  fullName: string;
  email: string;
  attempt: number;
  reference: string;
  amountKobo: number;
  status: string;
  failureReason: string | null;
  bankName: string;
  accountNumberLast4: string;
  /** When its outcome was recorded (or, for a transfer still waiting, when it last changed). */
  at: Date;
  /** The payout's attempt now; earlier ones failed or were reversed and were paid again. */
  current: boolean;
}

type Row = {
  payout_id: string;
  run_id: string | null;
  programme: Programme;
  period: string | null;
  account_id: string;
  full_name: string;
  email: string;
  attempt: number;
  reference: string;
  amount_kobo: string;
  status: string;
  failure_reason: string | null;
  bank_name: string;
  last4: string;
  at: string | Date;
  current: boolean;
};

/**
 * Every transfer attempt of a run's payouts or of a member's, oldest first per payout: the earlier ones kept
 * in payout_attempts when a failed payout was paid again, then the payout's own. Used by the run page, the run
 * CSV and the member record, so all three list the same rows.
 */
export async function transferAttempts(
  db: Tx,
  of: { runId: number } | { accountId: string },
  page?: { after: { payoutId: number; attempt: number } | null; limit: number },
): Promise<TransferAttempt[]> {
  const where = 'runId' in of ? sql`p.run_id = ${of.runId}` : sql`p.account_id = ${of.accountId}`;
  // A page of an export starts after the last row it wrote (keyset), and holds `limit` rows.
  const after = page?.after
    ? sql`where (payout_id, attempt) > (${page.after.payoutId}, ${page.after.attempt})`
    : sql``;
  const limit = page ? sql`limit ${page.limit}` : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`select * from (
          select p.id as payout_id, p.run_id, p.programme, r.period, p.account_id, a.full_name, a.email, t.attempt, t.reference, t.amount_kobo,
            t.status, t.failure_reason, t.bank_name, t.account_number_last4 as last4, coalesce(t.ended_at, t.created_at) as at, false as current
          from payout_attempts t join payouts p on p.id = t.payout_id ${payeeJoin}
            left join payout_runs r on r.id = p.run_id
          where ${where}
          union all
          select p.id, p.run_id, p.programme, r.period, p.account_id, a.full_name, a.email, p.attempt, p.reference, p.amount_kobo,
            p.status, p.failure_reason, p.bank_name, p.account_number_last4, p.updated_at, true
          from payouts p ${payeeJoin} left join payout_runs r on r.id = p.run_id
          where ${where}
        ) x ${after} order by payout_id, attempt ${limit}`,
  );
  return rows.map((r) => ({
    payoutId: Number(r.payout_id),
    runId: r.run_id === null ? null : Number(r.run_id),
    programme: r.programme,
    period: r.period,
    accountId: r.account_id,
    fullName: r.full_name,
    email: r.email,
    attempt: Number(r.attempt),
    reference: r.reference,
    amountKobo: Number(r.amount_kobo),
    status: r.status,
    failureReason: r.failure_reason,
    bankName: r.bank_name,
    accountNumberLast4: r.last4,
    at: new Date(r.at),
    current: r.current,
  }));
}
