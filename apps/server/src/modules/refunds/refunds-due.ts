import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import { notPlacedPayments } from '../payments/payment-fragments';
import { barredFromRefundSql, givenBackOtherwiseKobo } from './refund-bars';
import { refundedKobo, refundedOrUnderWayKobo, refundUnderWay } from './refund-store';

/*
 * The payments owed back (taken, placed nothing: payments/refunds-due.ts) against what their refunds gave back.
 * Kept here, beside the refunds, since payments cannot read refunds (refunds already read payments).
 */

export interface RefundDue {
  reference: string;
  accountId: string;
  fullName: string;
  email: string;
  programme: Programme;
  /** What is left to give back. */
  amountKobo: number;
  paidAt: Date | null;
  reason: string | null;
}

/**
 * Awaiting a refund: not placed, something left to give back, no refund with Paystack now, and nothing else barring
 * one (a dispute open on it: its Refund link would answer 409, decision 0057). The one list the dashboard and the
 * refund screens start from; a failed refund puts its payment back on it. What a lost dispute took back is not owed.
 */
export async function refundsDue(db: Tx, options: { programme?: Programme; limit: number; offset: number }) {
  const gone = sql`(${refundedOrUnderWayKobo(sql`p.reference`)} + ${givenBackOtherwiseKobo(sql`p.reference`)})`;
  const rows = await queryRows<{
    reference: string;
    account_id: string;
    full_name: string;
    email: string;
    programme: Programme;
    amount_kobo: string;
    paid_at: string | Date | null;
    failure_reason: string | null;
    total: string;
  }>(
    db,
    sql`select p.reference, p.account_id, a.full_name, a.email, p.programme, p.amount_kobo - ${gone} as amount_kobo, p.paid_at, p.failure_reason, count(*) over () as total
        from ${notPlacedPayments(options.programme)} p ${accountColumnsJoin('a', sql`p.account_id`, ['full_name', 'email'])}
        where p.amount_kobo > ${gone} and not ${refundUnderWay(sql`p.reference`)} and not ${barredFromRefundSql(sql`p.reference`)}
        order by p.paid_at desc nulls last, p.id limit ${options.limit} offset ${options.offset}`,
  );
  const items: RefundDue[] = rows.map((r) => ({
    reference: r.reference,
    accountId: r.account_id,
    fullName: r.full_name,
    email: r.email,
    programme: r.programme,
    amountKobo: Number(r.amount_kobo),
    paidAt: r.paid_at === null ? null : new Date(r.paid_at),
    reason: r.failure_reason,
  }));
  return { items, total: rows[0] ? Number(rows[0].total) : 0 };
}

/**
 * How many payments are still owed back in each programme, and how much: the amount not yet paid back by Paystack
 * (the ledger's refunds payable holds the same sum, see recordMoneyOwedBack). A refund under way is owed until
 * Paystack has processed it.
 */
export async function refundsDueTotals(
  db: Tx,
): Promise<Record<Programme, { count: number; amountKobo: number }>> {
  // A lost dispute paid the payer back through the bank: no longer owed (refunds payable moved by as much).
  const gone = sql`(${refundedKobo(sql`p.reference`)} + ${givenBackOtherwiseKobo(sql`p.reference`)})`;
  const rows = await queryRows<{ programme: Programme; n: string; kobo: string }>(
    db,
    sql`select p.programme, count(*) as n, coalesce(sum(p.amount_kobo - ${gone}), 0) as kobo
        from ${notPlacedPayments()} p where p.amount_kobo > ${gone} group by p.programme`,
  );
  const totals = { main: { count: 0, amountKobo: 0 }, welcomeback: { count: 0, amountKobo: 0 } };
  for (const r of rows) totals[r.programme] = { count: Number(r.n), amountKobo: Number(r.kobo) };
  return totals;
}
