import type { Programme } from '@coop/core';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
import { accountColumnsJoin } from '../accounts/account-sql';
import { NOT_PLACED } from './refunds-due';

/*
 * The admin dashboard's figures that payments answers for (modules/admin-stats shows them): fees paid and placed,
 * paid members, the latest payments. Written against payments' own table; the payer's name and email come through
 * the accounts module's fragment, in the same statement.
 */

export interface DayFigures {
  total: number;
  today: number;
  previousDay: number;
}

type Windows = { todayStart: Date; previousDayStart: Date };

const empty = (): Record<Programme, DayFigures> => ({
  main: { total: 0, today: 0, previousDay: 0 },
  welcomeback: { total: 0, today: 0, previousDay: 0 },
});

function byProgramme(
  rows: Array<{ programme: Programme; total: string; today: string; previous_day: string }>,
) {
  const figures = empty();
  for (const r of rows)
    figures[r.programme] = {
      total: Number(r.total),
      today: Number(r.today),
      previousDay: Number(r.previous_day),
    };
  return figures;
}

// The admin dashboard's three reads are prepared once per connection (decision 0015); $1 is the start of today
// and $2 of the previous day, in Lagos.
const paidFeesStatement: PreparedStatement = {
  name: 'admin_paid_fees',
  types: ['timestamptz', 'timestamptz'],
  text: `select programme,
      coalesce(sum(amount_kobo - coalesce(fee_taken_back_kobo, 0)), 0) as total,
      coalesce(sum(amount_kobo - coalesce(fee_taken_back_kobo, 0)) filter (where paid_at >= $1), 0) as today,
      coalesce(sum(amount_kobo - coalesce(fee_taken_back_kobo, 0)) filter (where paid_at >= $2 and paid_at < $1), 0) as previous_day
    from payments where status = 'paid' and not (${NOT_PLACED}) group by programme`,
};

/**
 * Registration fees actually paid and placed (payments the provider confirmed that placed a position), in kobo:
 * all time, today and the previous day. A payment that placed nothing is a refund due, not income; what a lost card
 * dispute took back of a fee is not counted (decision 0057).
 */
export async function paidFeesKobo(db: Tx, w: Windows) {
  const rows = await preparedRows<{
    programme: Programme;
    total: string;
    today: string;
    previous_day: string;
  }>(db, paidFeesStatement, [w.todayStart.toISOString(), w.previousDayStart.toISOString()]);
  return byProgramme(rows);
}

const paidMembersStatement: PreparedStatement = {
  name: 'admin_paid_members',
  types: ['timestamptz', 'timestamptz'],
  text: `with firsts as (
      select account_id, programme, min(paid_at) as first_paid from payments where status = 'paid' group by account_id, programme
    )
    select programme,
      count(*) as total,
      count(*) filter (where first_paid >= $1) as today,
      count(*) filter (where first_paid >= $2 and first_paid < $1) as previous_day
    from firsts group by programme`,
};

/** Paid members (accounts with at least one confirmed payment); a member counts on the day of their first payment. */
export async function paidMemberCounts(db: Tx, w: Windows) {
  const rows = await preparedRows<{
    programme: Programme;
    total: string;
    today: string;
    previous_day: string;
  }>(db, paidMembersStatement, [w.todayStart.toISOString(), w.previousDayStart.toISOString()]);
  return byProgramme(rows);
}

export interface LatestPayment {
  reference: string;
  name: string;
  email: string;
  programme: Programme;
  amountKobo: number;
  status: 'pending' | 'paid' | 'failed' | 'abandoned';
  date: Date;
}

// A prepared statement is text: the accounts module's join, which has no parameters, is written out once.
const payerJoin = new PgDialect().sqlToQuery(
  accountColumnsJoin('a', sql.raw('p.account_id'), ['full_name', 'email']),
).sql;

const latestPaymentsStatement: PreparedStatement = {
  name: 'admin_latest_payments',
  types: ['integer'],
  text: `select p.reference, a.full_name, a.email, p.programme, p.amount_kobo, p.status, coalesce(p.paid_at, p.created_at) as date
    from payments p ${payerJoin}
    order by p.created_at desc, p.id desc limit $1`,
};

/** The newest payment attempts of both programmes, whatever their outcome. */
export async function latestPayments(db: Tx, limit: number): Promise<LatestPayment[]> {
  const rows = await preparedRows<{
    reference: string;
    full_name: string;
    email: string;
    programme: Programme;
    amount_kobo: string;
    status: LatestPayment['status'];
    date: string | Date;
  }>(db, latestPaymentsStatement, [limit]);
  return rows.map((r) => ({
    reference: r.reference,
    name: r.full_name,
    email: r.email,
    programme: r.programme,
    amountKobo: Number(r.amount_kobo),
    status: r.status,
    date: new Date(r.date),
  }));
}

/** The account that made the payment of this reference, as a scalar (the ledger's list of fee lines names the payer). */
export const payerOfPayment = (reference: SQL): SQL =>
  sql`(select account_id from payments where reference = ${reference})`;
