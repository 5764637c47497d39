import { sql, type SQL } from 'drizzle-orm';
import type { Programme } from '@coop/core';
import { NOT_PLACED } from './refunds-due';

/*
 * The payments table as other modules' single statements may use it (issue 37: payments owns it). A paged list or
 * an export that shows a payment beside its own rows joins one of these, with the columns named here, rather than
 * reading each payment on its own; nothing outside modules/payments names the table.
 */

/**
 * One payment's facts, as a subquery to join (`join lateral ${paymentFacts(...)} p on true`): matched by its id or
 * its reference, given as SQL (a column of the caller's statement) or as a value.
 */
export function paymentFacts(match: { id: SQL | string } | { reference: SQL | string }): SQL {
  const where = 'id' in match ? sql`id = ${match.id}` : sql`reference = ${match.reference}`;
  return sql`(select id, reference, account_id, programme, amount_kobo, status, paid_at, position_id is not null as placed, failure_reason
    from payments where ${where})`;
}

/** When the account last paid or tried to (the payment's paid time, else when it was started); null if never. */
export const lastPaymentAt = (accountId: SQL) =>
  sql`(select max(coalesce(p.paid_at, p.created_at)) from payments p where p.account_id = ${accountId})`;

/** Whether the account paid or tried to since the cutoff. */
export const paidOrTriedSince = (accountId: SQL, cutoff: Date) =>
  sql`exists (select 1 from payments p where p.account_id = ${accountId} and coalesce(p.paid_at, p.created_at) >= ${cutoff})`;

/**
 * The payments taken that placed no position (see NOT_PLACED), as a table to select from: what refunds lists as
 * owed back. Optionally of one programme.
 */
export function notPlacedPayments(programme?: Programme): SQL {
  const ofProgramme = programme ? sql`and programme = ${programme}` : sql``;
  return sql`(select id, reference, account_id, programme, amount_kobo, paid_at, failure_reason
    from payments where ${sql.raw(NOT_PLACED)} ${ofProgramme})`;
}

/**
 * The payment attempts started in [start, end), every outcome, as a table to select from (the payments export pages
 * through it by created_at and id, which the payments index serves).
 */
export function paymentsStartedBetween(period: { start: Date; end: Date; programme?: Programme }): SQL {
  const ofProgramme = period.programme ? sql`and programme = ${period.programme}` : sql``;
  return sql`(select id, reference, account_id, programme, amount_kobo, status, paid_at, failure_reason, provider, created_at,
      charged_kobo, paystack_fees_kobo, customer_fee_kobo
    from payments
    where created_at >= ${period.start.toISOString()}::timestamptz and created_at < ${period.end.toISOString()}::timestamptz ${ofProgramme})`;
}
