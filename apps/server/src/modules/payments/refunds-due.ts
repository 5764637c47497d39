import { formatNaira, programmeName, type Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { postEntry } from '../ledger/post-entry';
import { enqueueMail, notify } from '../notifications/mail-queue';

/**
 * A payment the provider took that placed no position (a second fee from an older checkout, a payment after
 * closure...): settle-payment.ts marks it paid, positionless and "Not placed: ...". It gives no value and is never
 * income; its money is owed back until refunds (modules/refunds) have given it all back.
 */
export const NOT_PLACED = `status = 'paid' and position_id is null and coalesce(failure_reason, '') like 'Not placed:%'`;

// Of a payment row (named p): what is refunded or on its way (every refund but a failed one), and what Paystack paid back.
const REFUNDED_OR_UNDER_WAY = `(select coalesce(sum(r.amount_kobo), 0) from refunds r where r.payment_reference = p.reference and r.status <> 'failed')`;
const REFUNDED = `(select coalesce(sum(r.amount_kobo), 0) from refunds r where r.payment_reference = p.reference and r.status = 'processed')`;

/**
 * Awaiting a refund: not placed, something left to give back, and no refund with Paystack now. The one list the
 * dashboard and the refund screens start from; a failed refund puts its payment back on it.
 */
const UNDER_WAY = `exists (select 1 from refunds r where r.payment_reference = p.reference and r.status not in ('processed', 'failed'))`;
const awaitingRefund = sql.raw(
  `${NOT_PLACED} and p.amount_kobo > ${REFUNDED_OR_UNDER_WAY} and not ${UNDER_WAY}`,
);
/** Still owed: not placed and not all paid back yet (a refund under way is owed until Paystack has processed it). */
const stillOwed = sql.raw(`${NOT_PLACED} and p.amount_kobo > ${REFUNDED}`);

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

export async function refundsDue(db: Tx, options: { programme?: Programme; limit: number; offset: number }) {
  const programme = options.programme ? sql`and programme = ${options.programme}` : sql``;
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
    sql`select p.reference, p.account_id, a.full_name, a.email, p.programme, p.amount_kobo - ${sql.raw(REFUNDED_OR_UNDER_WAY)} as amount_kobo, p.paid_at, p.failure_reason, count(*) over () as total
        from (select * from payments p where ${awaitingRefund} ${programme}) p join accounts a on a.id = p.account_id
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
 * (the ledger's refunds payable holds the same sum, see recordMoneyOwedBack).
 */
export async function refundsDueTotals(
  db: Tx,
): Promise<Record<Programme, { count: number; amountKobo: number }>> {
  const rows = await queryRows<{ programme: Programme; n: string; kobo: string }>(
    db,
    sql`select programme, count(*) as n, coalesce(sum(p.amount_kobo - ${sql.raw(REFUNDED)}), 0) as kobo from payments p where ${stillOwed} group by programme`,
  );
  const totals = { main: { count: 0, amountKobo: 0 }, welcomeback: { count: 0, amountKobo: 0 } };
  for (const r of rows) totals[r.programme] = { count: Number(r.n), amountKobo: Number(r.kobo) };
  return totals;
}

/**
 * The money of a payment that placed nothing, in the ledger: Paystack holds it for us (provider settlement, as a
 * fee is), and it is owed back (refunds payable), never income. Posted when the payment settles, and again (the
 * same key changes nothing) before a refund, for payments settled before refunds existed. A processed refund
 * takes it out of both (modules/refunds/refund-ledger.ts), so the journal balances at each step.
 */
export async function recordMoneyOwedBack(
  tx: Tx,
  payment: { programme: Programme; reference: string; amountKobo: number },
) {
  await postEntry(tx, {
    kind: 'refund_due',
    idempotencyKey: `refund-due:${payment.reference}`,
    programme: payment.programme,
    memo: `Payment ${payment.reference} placed no position: owed back to the payer`,
    lines: [
      {
        account: { kind: 'provider_settlement', programme: payment.programme },
        amountKobo: -payment.amountKobo,
      },
      { account: { kind: 'refunds_payable', programme: payment.programme }, amountKobo: payment.amountKobo },
    ],
  });
}

/**
 * A payment was taken that placed nothing: the member is told the money is owed back, and every active
 * administrator is mailed so the refund is not forgotten (in the settling transaction: told if and only if so).
 */
export async function announceRefundDue(
  tx: Tx,
  payment: { accountId: string; programme: Programme; reference: string; amountKobo: number },
  reason: string,
) {
  await notify(tx, payment.accountId, {
    kind: 'payment_not_placed',
    reference: payment.reference,
    amountKobo: payment.amountKobo,
    reason,
  });
  const [payer] = await queryRows<{ full_name: string; email: string }>(
    tx,
    sql`select full_name, email from accounts where id = ${payment.accountId}`,
  );
  const admins = await queryRows<{ email: string; full_name: string }>(
    tx,
    sql`select email, full_name from accounts where role = 'admin' and status = 'active' order by created_at`,
  );
  for (const admin of admins)
    await enqueueMail(tx, admin.email, {
      template: 'admin_notice',
      data: {
        name: admin.full_name,
        subject: `Refund due: ${formatNaira(payment.amountKobo)} paid by ${payer?.full_name ?? 'a member'}`,
        paragraphs: [
          `${payer?.full_name ?? 'A member'} (${payer?.email ?? 'unknown'}) paid ${formatNaira(payment.amountKobo)} for the ${programmeName(payment.programme)} (reference ${payment.reference}), but no position could be placed: ${reason}`,
          'The amount is owed back and is listed under Payments awaiting refund on the dashboard, where it is refunded through Paystack (a second administrator approves); it is not counted as income.',
        ],
        action: { label: 'See the refunds due', path: '/admindashboard#refunds-due' },
      },
    });
}
