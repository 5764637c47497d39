import { formatNaira, programmeName, type Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { enqueueMail, notify } from '../notifications/mail-queue';

/**
 * Payments awaiting a refund: the provider took the fee but no position could be placed (a second fee from an
 * older checkout, a payment after closure...). Such a payment is marked paid with no position and gives no
 * value (settle-payment.ts marks it "Not placed: ..."), so the money is owed back. The one list of them: "What the company owes", the dashboard and the mails
 * count from it, and a refund feature starts from it (a refunded payment will leave it).
 */
export const AWAITING_REFUND = `status = 'paid' and position_id is null and coalesce(failure_reason, '') like 'Not placed:%'`;
const awaitingRefund = sql.raw(AWAITING_REFUND);

export interface RefundDue {
  reference: string;
  accountId: string;
  fullName: string;
  email: string;
  programme: Programme;
  amountKobo: number;
  paidAt: Date | null;
  reason: string | null;
}

export async function refundsDue(db: Tx, options: { programme?: Programme; limit: number; offset: number }) {
  const programme = options.programme ? sql`and programme = ${options.programme}` : sql``;
  const rows = await queryRows<{ reference: string; account_id: string; full_name: string; email: string; programme: Programme; amount_kobo: string; paid_at: string | Date | null; failure_reason: string | null; total: string }>(
    db,
    sql`select p.reference, p.account_id, a.full_name, a.email, p.programme, p.amount_kobo, p.paid_at, p.failure_reason, count(*) over () as total
        from (select * from payments where ${awaitingRefund} ${programme}) p join accounts a on a.id = p.account_id
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

/** How many payments await a refund in each programme, and how much. */
export async function refundsDueTotals(db: Tx): Promise<Record<Programme, { count: number; amountKobo: number }>> {
  const rows = await queryRows<{ programme: Programme; n: string; kobo: string }>(
    db,
    sql`select programme, count(*) as n, coalesce(sum(amount_kobo), 0) as kobo from payments where ${awaitingRefund} group by programme`,
  );
  const totals = { main: { count: 0, amountKobo: 0 }, welcomeback: { count: 0, amountKobo: 0 } };
  for (const r of rows) totals[r.programme] = { count: Number(r.n), amountKobo: Number(r.kobo) };
  return totals;
}

/**
 * A payment was taken that placed nothing: the member is told the money is owed back, and every active
 * administrator is mailed so the refund is not forgotten (in the settling transaction: told if and only if so).
 */
export async function announceRefundDue(tx: Tx, payment: { accountId: string; programme: Programme; reference: string; amountKobo: number }, reason: string) {
  await notify(tx, payment.accountId, { kind: 'payment_not_placed', reference: payment.reference, amountKobo: payment.amountKobo, reason });
  const [payer] = await queryRows<{ full_name: string; email: string }>(tx, sql`select full_name, email from accounts where id = ${payment.accountId}`);
  const admins = await queryRows<{ email: string; full_name: string }>(tx, sql`select email, full_name from accounts where role = 'admin' and status = 'active' order by created_at`);
  for (const admin of admins)
    await enqueueMail(tx, admin.email, {
      template: 'admin_notice',
      data: {
        name: admin.full_name,
        subject: `Refund due: ${formatNaira(payment.amountKobo)} paid by ${payer?.full_name ?? 'a member'}`,
        paragraphs: [
          `${payer?.full_name ?? 'A member'} (${payer?.email ?? 'unknown'}) paid ${formatNaira(payment.amountKobo)} for the ${programmeName(payment.programme)} (reference ${payment.reference}), but no position could be placed: ${reason}`,
          'The amount is owed back and is listed under Refunds due in What the company owes; it is not counted as income.',
        ],
        action: { label: 'See the refunds due', path: '/admindashboard#refunds-due' },
      },
    });
}
