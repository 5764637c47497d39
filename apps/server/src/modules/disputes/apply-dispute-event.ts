import type { Programme } from '@coop/core';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { disputeData } from '../../adapters/payments/paystack-schemas';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import { paymentFacts } from '../payments/payment-fragments';
import { holdForDispute, releaseDisputeHold } from './dispute-hold';
import { bookLostDispute } from './dispute-loss';
import { tellAdministrators } from './dispute-mail';
import { isOpen } from './dispute-words';

/** The same body sent twice is the same event: keys sorted, so the digest does not depend on how it was stored. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
const eventKey = (event: string, data: unknown) =>
  createHash('sha256')
    .update(`${event}\n${canonical(data)}`)
    .digest('hex');

const dateOrNull = (text: string | null | undefined) =>
  text && !Number.isNaN(Date.parse(text)) ? new Date(text) : null;

export type DisputeEventOutcome = 'applied' | 'replayed' | 'unknown_payment' | 'unreadable';

/**
 * Applies one charge.dispute.* event (paystack.com/docs/payments/webhooks: create, remind, resolve) in one
 * transaction: the dispute row (made on the first event of any kind), the hold on the member's money while it is
 * open and its release when Paystack resolves it, a lost dispute in the books (dispute-loss.ts), and the administrators' mail on a new dispute and on a reminder.
 * An event already applied (the same body, by digest) changes nothing; a resolved dispute is never reopened by a
 * late or replayed event.
 */
export async function applyDisputeEvent(
  tx: Tx,
  event: string,
  payload: Record<string, unknown>,
): Promise<DisputeEventOutcome> {
  const parsed = disputeData.safeParse(payload);
  if (!parsed.success) return 'unreadable';
  const d = parsed.data;
  const [payment] = await queryRows<{
    id: string;
    account_id: string;
    amount_kobo: string;
    full_name: string;
    email: string;
    programme: Programme;
  }>(
    tx,
    sql`select p.id, p.account_id, p.amount_kobo, a.full_name, a.email, a.programme from ${paymentFacts({ reference: d.transaction.reference })} p
        ${accountColumnsJoin('a', sql`p.account_id`, ['full_name', 'email', 'programme'])}`,
  );
  if (!payment) return 'unknown_payment';
  // What the card was charged is in dispute when Paystack names no refund amount (0 or none).
  const disputedKobo = d.refund_amount || d.transaction.amount;
  const [inserted] = await queryRows<{ id: string }>(
    tx,
    sql`insert into disputes (paystack_id, payment_id, account_id, status, category, resolution, refund_amount_kobo, currency, due_at, resolved_at, last_event)
        values (${d.id}, ${payment.id}, ${payment.account_id}, ${d.status}, ${d.category ?? null}, ${d.resolution ?? null}, ${disputedKobo},
                ${d.currency ?? 'NGN'}, ${dateOrNull(d.dueAt)}, ${dateOrNull(d.resolvedAt)}, ${event})
        on conflict (paystack_id) do nothing returning id`,
  );
  const [row] = await queryRows<{ id: string; status: string }>(
    tx,
    sql`select id, status from disputes where paystack_id = ${d.id} for update`,
  );
  const [fresh] = await queryRows(
    tx,
    sql`insert into dispute_events (event_key, dispute_id, event) values (${eventKey(event, payload)}, ${row!.id}, ${event}) on conflict do nothing returning event_key`,
  );
  if (!fresh) return 'replayed';

  // Once resolved, a stale create or remind arriving late keeps it resolved.
  const status = !isOpen(row!.status) && event !== 'charge.dispute.resolve' ? row!.status : d.status;
  const [dispute] = await queryRows<{
    due_at: Date | string | null;
    resolution: string | null;
    refund_amount_kobo: string;
  }>(
    tx,
    sql`update disputes set status = ${status}, last_event = ${event}, updated_at = now(),
          category = coalesce(${d.category ?? null}, category), resolution = coalesce(${d.resolution ?? null}, resolution),
          due_at = coalesce(${dateOrNull(d.dueAt)}, due_at), resolved_at = coalesce(${dateOrNull(d.resolvedAt)}, resolved_at),
          refund_amount_kobo = ${disputedKobo}
        where id = ${row!.id} returning due_at, resolution, refund_amount_kobo`,
  );
  const dueAt = dispute!.due_at === null ? null : new Date(dispute!.due_at);
  const facts = {
    paystackId: d.id,
    accountId: payment.account_id,
    reference: d.transaction.reference,
    amountKobo: Number(payment.amount_kobo),
    dueAt,
  };
  if (isOpen(status)) await holdForDispute(tx, facts);
  else {
    await releaseDisputeHold(tx, {
      paystackId: d.id,
      accountId: payment.account_id,
      resolution: dispute!.resolution,
    });
    // Resolved against us (accepted here, in Paystack's dashboard, or by the bank): the money left; booked once.
    await bookLostDispute(tx, Number(row!.id));
  }

  const member = { fullName: payment.full_name, email: payment.email, programme: payment.programme };
  if (
    isOpen(status) &&
    ((event === 'charge.dispute.create' && inserted) || event === 'charge.dispute.remind')
  )
    await tellAdministrators(tx, {
      kind: event === 'charge.dispute.remind' ? 'remind' : 'create',
      ...facts,
      member,
    });
  return 'applied';
}
