import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { Programme } from '../../plugins/auth';

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

/** Registration fees actually paid (payments the provider confirmed), in kobo: all time, today and the previous day. */
export async function paidFeesKobo(db: Tx, w: Windows) {
  const [today, previous] = [w.todayStart.toISOString(), w.previousDayStart.toISOString()];
  const rows = await queryRows<{ programme: Programme; total: string; today: string; previous_day: string }>(
    db,
    sql`select programme,
          coalesce(sum(amount_kobo), 0) as total,
          coalesce(sum(amount_kobo) filter (where paid_at >= ${today}::timestamptz), 0) as today,
          coalesce(sum(amount_kobo) filter (where paid_at >= ${previous}::timestamptz and paid_at < ${today}::timestamptz), 0) as previous_day
        from payments where status = 'paid' group by programme`,
  );
  return byProgramme(rows);
}

/** Paid members (accounts with at least one confirmed payment); a member counts on the day of their first payment. */
export async function paidMemberCounts(db: Tx, w: Windows) {
  const [today, previous] = [w.todayStart.toISOString(), w.previousDayStart.toISOString()];
  const rows = await queryRows<{ programme: Programme; total: string; today: string; previous_day: string }>(
    db,
    sql`with firsts as (
          select account_id, programme, min(paid_at) as first_paid from payments where status = 'paid' group by account_id, programme
        )
        select programme,
          count(*) as total,
          count(*) filter (where first_paid >= ${today}::timestamptz) as today,
          count(*) filter (where first_paid >= ${previous}::timestamptz and first_paid < ${today}::timestamptz) as previous_day
        from firsts group by programme`,
  );
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

/** The newest payment attempts of both programmes, whatever their outcome. */
export async function latestPayments(db: Tx, limit: number): Promise<LatestPayment[]> {
  const rows = await queryRows<{
    reference: string;
    full_name: string;
    email: string;
    programme: Programme;
    amount_kobo: string;
    status: LatestPayment['status'];
    date: string | Date;
  }>(
    db,
    sql`select p.reference, a.full_name, a.email, p.programme, p.amount_kobo, p.status, coalesce(p.paid_at, p.created_at) as date
        from payments p join accounts a on a.id = p.account_id
        order by p.created_at desc, p.id desc limit ${limit}`,
  );
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
