import { DomainError } from '@coop/core';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { payments } from '../../db/schema';
import { stageOfPositionSql } from '../engine/position-store';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];

export async function insertPayment(db: Tx, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

/**
 * The hot reads of a payment, built once per database and, on PostgreSQL, named statements parsed once per
 * connection: a member's payment is read several times a join (the webhook's settling, the callback page's polls),
 * and building the query each time was a visible share of the platform's CPU under load (decision 0055, addendum 2).
 * A transaction is a handle of its own each time: there the query is built as before (the statement is the same).
 */
function builtOnce<T>(name: string, build: (db: Tx) => { prepare(name: string): T }) {
  const built = new WeakMap<object, T>();
  return (db: Tx): T | null => {
    if (db instanceof PgTransaction) return null;
    let prepared = built.get(db);
    if (!prepared) built.set(db, (prepared = build(db).prepare(name)));
    return prepared;
  };
}

const byReference = (db: Tx) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.reference, sql.placeholder('reference')));
const findPaymentOnce = builtOnce('find_payment_by_reference', byReference);

export async function findPayment(db: Tx, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await (findPaymentOnce(db)?.execute({ reference }) ??
    db.select().from(payments).where(eq(payments.reference, reference)));
  return row;
}

const withStage = (db: Tx) =>
  db
    .select({ payment: payments, stage: stageOfPositionSql(payments.positionId).mapWith(Number) })
    .from(payments)
    .where(eq(payments.reference, sql.placeholder('reference')));
const findPaymentAndStageOnce = builtOnce('find_payment_and_stage_by_reference', withStage);

/** A payment and the stage of its position (null: none), in one statement: what the callback page's poll answers. */
export async function findPaymentAndStage(
  db: Tx,
  reference: string,
): Promise<{ payment: PaymentRow; stage: number | null } | undefined> {
  const [row] = await (findPaymentAndStageOnce(db) ?? withStage(db).prepare('')).execute({ reference });
  return row && { payment: row.payment, stage: row.stage ?? null };
}

/** The payment row locked until the transaction ends: webhooks, callbacks and the job settle one at a time. */
export async function lockPayment(
  tx: Tx,
  reference: string,
): Promise<{ id: string; status: PaymentStatus; positionId: number | null } | undefined> {
  const [row] = await queryRows<{ id: string; status: PaymentStatus; position_id: string | number | null }>(
    tx,
    sql`select id, status, position_id from payments where reference = ${reference} for update`,
  );
  return (
    row && {
      id: row.id,
      status: row.status,
      positionId: row.position_id === null ? null : Number(row.position_id),
    }
  );
}

type PaymentChange = Partial<
  Pick<
    PaymentRow,
    | 'status'
    | 'positionId'
    | 'paidAt'
    | 'failureReason'
    | 'lastCheckedAt'
    | 'authorizationUrl'
    | 'accessCode'
    | 'customerFeeKobo'
    | 'chargedKobo'
    | 'paystackFeesKobo'
    | 'placement'
  >
>;

/** The statement that changes a payment, for a caller that sends it beside another write (notify's `alongside`). */
export const paymentUpdateSql = (db: Tx, id: string, values: PaymentChange): SQL =>
  db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .getSQL();

export async function updatePayment(db: Tx, id: string, values: PaymentChange) {
  await db.execute(paymentUpdateSql(db, id, values));
}

/** A lost card dispute took back part or all of a placed payment's fee (decision 0057); added, so a second loss adds. */
export async function recordFeeTakenBack(db: Tx, reference: string, amountKobo: number) {
  await db
    .update(payments)
    .set({
      feeTakenBackKobo: sql`coalesce(${payments.feeTakenBackKobo}, 0) + ${amountKobo}`,
      updatedAt: new Date(),
    })
    .where(eq(payments.reference, reference));
}

/**
 * Unpaid payments the reconciliation job should ask the provider about now: started 15 minutes to 7 days ago,
 * and not checked for a while, the while growing with age (5 minutes at first, a sixth of the age later),
 * so a lost webhook is caught quickly and an abandoned checkout costs a few dozen calls in all, not thousands.
 * Failed and abandoned ones are included: a declined card may be paid on a second try at the same checkout.
 */
export async function paymentsDueForCheck(db: Tx, now: Date, limit: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return queryRows<{ reference: string }>(
    db,
    sql`select reference from payments
        where status in ('pending', 'failed', 'abandoned')
          and created_at > ${at} - interval '7 days'
          and (
            (created_at < ${at} - interval '15 minutes'
              and (last_checked_at is null or last_checked_at < ${at} - greatest(interval '5 minutes', (${at} - created_at) / 6)))
            -- Paystack told us it was paid (a stored charge.success) but could not be asked to confirm it then, as when
            -- its API was away (decision 0046): asked at every run, however young, until it is settled.
            or (status = 'pending' and exists (select 1 from payment_events e where e.reference = payments.reference and e.event = 'charge.success'))
          )
        order by created_at
        limit ${limit}`,
  );
}

/**
 * An account's payments still open in a programme, newest first: pending, or abandoned (Paystack's word for a
 * checkout not paid yet, which can still be paid), asked about again before a checkout is given.
 */
export async function pendingPaymentsOf(
  db: Tx,
  accountId: string,
  programme: PaymentRow['programme'],
  limit = 5,
) {
  return db
    .select({ reference: payments.reference })
    .from(payments)
    .where(
      and(
        eq(payments.accountId, accountId),
        eq(payments.programme, programme),
        inArray(payments.status, ['pending', 'abandoned']),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

/**
 * The account's newest unpaid checkout of the fee that Paystack still takes payments on: pending or abandoned
 * (Paystack calls a checkout not yet paid abandoned; it stays payable), started within the payment session timeout
 * (checkout-lifetime.ts; null or 0: no limit). Given again instead of a second checkout, so a member who comes back
 * cannot be charged twice. Call inside the account's lock.
 */
export async function openCheckoutOf(
  tx: Tx,
  accountId: string,
  programme: PaymentRow['programme'],
  feeKobo: number,
  lifetimeSeconds: number | null,
) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.accountId, accountId),
        eq(payments.programme, programme),
        inArray(payments.status, ['pending', 'abandoned']),
        eq(payments.amountKobo, feeKobo),
        lifetimeSeconds
          ? sql`${payments.createdAt} > now() - ${lifetimeSeconds} * interval '1 second'`
          : undefined,
        // One with no checkout address yet is another click's, still asking the provider; an old one never got one.
        // An abandoned one without an address had its start's answer lost (Paystack made the checkout, the member
        // never got its link): nobody is setting it up, so a new checkout is made rather than "wait a moment".
        sql`(${payments.authorizationUrl} is not null or (${payments.status} = 'pending' and ${payments.createdAt} > now() - interval '30 seconds'))`,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/**
 * The checkout address of a payment another request may still be asking the provider for (a second click); null
 * when that request's call to the provider failed (the payment is failed and has no checkout).
 */
export async function checkoutAddressOf(db: Tx, payment: PaymentRow): Promise<string | null> {
  for (let i = 0; i < 20; i++) {
    const [row] = await db
      .select({ url: payments.authorizationUrl, status: payments.status })
      .from(payments)
      .where(eq(payments.id, payment.id));
    if (row?.url) return row.url;
    if (row?.status === 'failed') return null;
    if (row?.status !== 'pending') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new DomainError(
    'checkout_in_progress',
    'Your payment is still being set up. Please wait a moment and press the button again.',
  );
}

/**
 * Who bore Paystack's fees on a charge: the customer when Paystack charged more than the fee (the fees added), the
 * company when it reported fees and charged the fee only (they come off the settlement); null when not told.
 */
export const feesBorneBy = (p: {
  customerFeeKobo: number | null;
  paystackFeesKobo: number | null;
}): 'customer' | 'company' | null => (p.customerFeeKobo ? 'customer' : p.paystackFeesKobo ? 'company' : null);

/** Every payment of an account, newest first: the member record shows each with its outcome. */
export async function paymentsOfAccount(db: Tx, accountId: string) {
  return db
    .select({
      reference: payments.reference,
      amountKobo: payments.amountKobo,
      chargedKobo: payments.chargedKobo,
      paystackFeesKobo: payments.paystackFeesKobo,
      customerFeeKobo: payments.customerFeeKobo,
      status: payments.status,
      failureReason: payments.failureReason,
      paidAt: payments.paidAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.accountId, accountId))
    .orderBy(desc(payments.createdAt));
}
