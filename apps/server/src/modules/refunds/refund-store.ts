import type { Programme, RefundStatus } from '@coop/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin, adminNameOf } from '../accounts/account-sql';
import { lockPayment } from '../payments/queries';
import { paymentFacts } from '../payments/payment-fragments';
import { refundBarOf } from './refund-bars';

/** A payment as a refund needs it: who paid, how much, whether it placed a position, what went back already. */
export interface PaymentForRefund {
  reference: string;
  accountId: string;
  fullName: string;
  email: string;
  programme: Programme;
  amountKobo: number;
  status: string;
  paidAt: Date | null;
  placed: boolean;
  note: string | null;
  /** Refunded or on its way: every refund but the failed ones. */
  refundedKobo: number;
  /** Paid back by Paystack (processed). */
  processedKobo: number;
  refundUnderWay: boolean;
  /** Another module's reason it may not be refunded now (refund-bars.ts): a dispute open on it. */
  bar: { code: string; message: string } | null;
}

export interface RefundRow {
  id: number;
  paymentReference: string;
  accountId: string;
  programme: Programme;
  amountKobo: number;
  reason: string;
  status: RefundStatus;
  providerRefundId: number | null;
  providerNote: string | null;
  /** The administrators who asked and approved it, by name and email. */
  requestedBy: { fullName: string; email: string } | null;
  approvedBy: { fullName: string; email: string } | null;
  createdAt: Date;
  endedAt: Date | null;
  /** When Paystack was last asked about it (GET /refund/:id). */
  checkedAt: Date | null;
  /** When Paystack expects the money back with the payer. */
  expectedAt: Date | null;
}

/** Refunds that Paystack has not decided yet; one at most per payment (refunds_one_open_per_payment). */
export const OPEN_REFUND = `status in ('sending', 'pending', 'processing', 'needs-attention')`;

/*
 * Of one payment (its reference as SQL, a column of the caller's statement): what its refunds gave back, for
 * statements that list payments with what is left to give back (refunds-due.ts, the payment for a refund).
 */
/** Refunded or on its way: every refund but a failed one. */
export const refundedOrUnderWayKobo = (reference: SQL) =>
  sql`(select coalesce(sum(r.amount_kobo), 0) from refunds r where r.payment_reference = ${reference} and r.status <> 'failed')`;
/** Paid back by Paystack (processed). */
export const refundedKobo = (reference: SQL) =>
  sql`(select coalesce(sum(r.amount_kobo), 0) from refunds r where r.payment_reference = ${reference} and r.status = 'processed')`;
/** A refund of it is with Paystack now (neither processed nor failed). */
export const refundUnderWay = (reference: SQL) =>
  sql`exists (select 1 from refunds r where r.payment_reference = ${reference} and r.status not in ('processed', 'failed'))`;

/**
 * A payment's refunds as one JSON array (oldest first), for a statement that shows them beside something else of
 * the payment (a dispute of it: modules/disputes), so a list page reads them in its one statement.
 */
export const paymentRefundsJson = (reference: SQL) =>
  sql`(select coalesce(json_agg(json_build_object('id', r.id, 'amountKobo', r.amount_kobo, 'status', r.status,
         'providerRefundId', r.provider_refund_id, 'createdAt', r.created_at, 'endedAt', r.ended_at) order by r.id), '[]'::json)
       from refunds r where r.payment_reference = ${reference})`;

export async function paymentForRefund(
  db: Tx,
  reference: string,
  options: { lock?: boolean } = {},
): Promise<PaymentForRefund | null> {
  // The payment row is the lock every refund of it takes, so two refunds of one payment are checked one after the other.
  if (options.lock) await lockPayment(db, reference);
  const [row] = await queryRows<{
    reference: string;
    account_id: string;
    full_name: string;
    email: string;
    programme: Programme;
    amount_kobo: string;
    status: string;
    paid_at: string | Date | null;
    placed: boolean;
    failure_reason: string | null;
    refunded: string;
    processed: string;
    open: boolean;
  }>(
    db,
    sql`select p.reference, p.account_id, a.full_name, a.email, p.programme, p.amount_kobo, p.status, p.paid_at, p.placed, p.failure_reason,
          ${refundedOrUnderWayKobo(sql`p.reference`)} as refunded, ${refundedKobo(sql`p.reference`)} as processed,
          exists (select 1 from refunds r where r.payment_reference = p.reference and r.${sql.raw(OPEN_REFUND)}) as open
        from ${paymentFacts({ reference })} p ${accountColumnsJoin('a', sql`p.account_id`, ['full_name', 'email'])}`,
  );
  if (!row) return null;
  return {
    reference: row.reference,
    accountId: row.account_id,
    fullName: row.full_name,
    email: row.email,
    programme: row.programme,
    amountKobo: Number(row.amount_kobo),
    status: row.status,
    paidAt: row.paid_at === null ? null : new Date(row.paid_at),
    placed: row.placed,
    note: row.failure_reason,
    refundedKobo: Number(row.refunded),
    processedKobo: Number(row.processed),
    refundUnderWay: row.open === true,
    bar: await refundBarOf(db, row.reference),
  };
}

type DbRefund = {
  id: string;
  payment_reference: string;
  account_id: string;
  programme: Programme;
  amount_kobo: string;
  reason: string;
  status: RefundStatus;
  provider_refund_id: number | null;
  provider_note: string | null;
  requested_by: string | null;
  requested_by_email: string | null;
  approved_by: string | null;
  approved_by_email: string | null;
  created_at: string | Date;
  ended_at: string | Date | null;
  checked_at: string | Date | null;
  expected_at: string | Date | null;
};

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));

const asRefund = (r: DbRefund): RefundRow => ({
  id: Number(r.id),
  paymentReference: r.payment_reference,
  accountId: r.account_id,
  programme: r.programme,
  amountKobo: Number(r.amount_kobo),
  reason: r.reason,
  status: r.status,
  providerRefundId: r.provider_refund_id === null ? null : Number(r.provider_refund_id),
  providerNote: r.provider_note,
  requestedBy: adminNameOf(r.requested_by, r.requested_by_email),
  approvedBy: adminNameOf(r.approved_by, r.approved_by_email),
  createdAt: new Date(r.created_at),
  endedAt: dateOrNull(r.ended_at),
  checkedAt: dateOrNull(r.checked_at),
  expectedAt: dateOrNull(r.expected_at),
});

// With the administrators' names and emails, as the screens show them.
const SELECT = sql`select r.id, r.payment_reference, r.account_id, r.programme, r.amount_kobo, r.reason, r.status, r.provider_refund_id, r.provider_note,
    m.full_name as requested_by, m.email as requested_by_email, c.full_name as approved_by, c.email as approved_by_email,
    r.created_at, r.ended_at, r.checked_at, r.expected_at
  from refunds r ${accountColumnsJoin('m', sql`r.requested_by`, ['full_name', 'email'], 'left')}
  ${accountColumnsJoin('c', sql`r.approved_by`, ['full_name', 'email'], 'left')}`;

export async function refundsOf(db: Tx, reference: string): Promise<RefundRow[]> {
  return (
    await queryRows<DbRefund>(db, sql`${SELECT} where r.payment_reference = ${reference} order by r.id desc`)
  ).map(asRefund);
}

/** Every refund of an account's payments, newest first (the member record). */
export async function refundsOfAccount(db: Tx, accountId: string): Promise<RefundRow[]> {
  return (
    await queryRows<DbRefund>(db, sql`${SELECT} where r.account_id = ${accountId} order by r.id desc`)
  ).map(asRefund);
}

/** Paystack's ids of a payment's refunds that we know: a refund found in Paystack's list must be none of them. */
export async function knownProviderRefundIds(db: Tx, reference: string): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select provider_refund_id as id from refunds where payment_reference = ${reference} and provider_refund_id is not null`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export async function findRefund(
  db: Tx,
  where: { id: number } | { key: string },
  options: { lock?: boolean } = {},
): Promise<RefundRow | null> {
  const condition = 'id' in where ? sql`r.id = ${where.id}` : sql`r.idempotency_key = ${where.key}`;
  const [row] = await queryRows<DbRefund>(
    db,
    sql`${SELECT} where ${condition} ${options.lock ? sql`for update of r` : sql``}`,
  );
  return row ? asRefund(row) : null;
}

/** The payment's refund that Paystack has not decided yet (refund events name the payment, not the refund). */
export async function openRefundOf(db: Tx, reference: string): Promise<RefundRow | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from refunds where payment_reference = ${reference} and ${sql.raw(OPEN_REFUND)}`,
  );
  return row ? findRefund(db, { id: Number(row.id) }) : null;
}

/**
 * Refunds Paystack has not decided that have waited longer than `before` and were not asked about since: what the
 * recheck job asks Paystack about (by id, or in its list when the id was never heard), oldest first.
 */
export async function refundsWaitingSince(db: Tx, before: Date, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from refunds where ${sql.raw(OPEN_REFUND)} and created_at <= ${before} and (checked_at is null or checked_at <= ${before})
        order by created_at, id limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

/** null when the key was used (a replay) or another refund of the payment is open. */
export async function insertRefund(
  db: Tx,
  values: {
    paymentReference: string;
    accountId: string;
    programme: Programme;
    amountKobo: number;
    reason: string;
    idempotencyKey: string;
    requestedBy: string;
    approvedBy: string | null;
  },
): Promise<number | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into refunds (payment_reference, account_id, programme, amount_kobo, reason, idempotency_key, requested_by, approved_by)
        values (${values.paymentReference}, ${values.accountId}, ${values.programme}, ${values.amountKobo}, ${values.reason}, ${values.idempotencyKey}, ${values.requestedBy}, ${values.approvedBy})
        on conflict do nothing returning id`,
  );
  return row ? Number(row.id) : null;
}

export async function updateRefund(
  db: Tx,
  id: number,
  change: {
    status?: RefundStatus;
    providerRefundId?: number;
    providerNote?: string | null;
    entryId?: number;
    ended?: boolean;
    checkedAt?: Date;
    expectedAt?: Date | null;
  },
) {
  await db.execute(sql`update refunds set
      status = coalesce(${change.status ?? null}, status),
      provider_refund_id = coalesce(${change.providerRefundId ?? null}::integer, provider_refund_id),
      provider_note = ${change.providerNote === undefined ? sql`provider_note` : change.providerNote},
      entry_id = coalesce(${change.entryId ?? null}::bigint, entry_id),
      ended_at = ${change.ended ? sql`now()` : sql`ended_at`},
      checked_at = coalesce(${change.checkedAt ?? null}::timestamptz, checked_at),
      expected_at = coalesce(${change.expectedAt ?? null}::timestamptz, expected_at),
      updated_at = now()
    where id = ${id}`);
}
