import type { FastifyInstance } from 'fastify';
import { refundEventData } from '../../adapters/payments/refund-schemas';
import { addStoredEventKind } from '../payments/provider-events';
import { applyFetchedRefund, applyRefundWord } from './refund-outcome';
import type { RefundDeps } from './refund-deps';
import { findRefund, openRefundOf } from './refund-store';

/**
 * One refund.* event (pending, processing, processed, failed; paystack.com/docs/payments/refunds). It names the
 * payment, not the refund: the payment's one open refund is the one meant. Paystack is asked for that refund's
 * status (GET /refund/:id) and its answer is what is applied; the event's own word only when we never heard the
 * refund's id (Paystack's answer to POST /refund was lost). A replayed or late event finds nothing open, or a
 * status it cannot move back, and changes nothing.
 */
export async function handleRefundEvent(
  { db, payments }: Pick<RefundDeps, 'db' | 'payments'>,
  payload: unknown,
) {
  const parsed = refundEventData.safeParse((payload as { data?: unknown } | null)?.data);
  if (!parsed.success) return 'unreadable';
  const event = parsed.data;
  const open = await openRefundOf(db, event.transaction_reference);
  if (!open) return 'nothing_open';
  const fetched = open.providerRefundId === null ? null : await payments.fetchRefund(open.providerRefundId);
  if (fetched && 'found' in fetched) return 'not_confirmed';
  // Without Paystack's id, the event's own word, when it is about this refund's amount.
  if (!fetched && event.amount !== open.amountKobo) return 'not_confirmed';
  return db.transaction(async (tx) => {
    const refund = (await findRefund(tx, { id: open.id }, { lock: true }))!;
    const applied = fetched
      ? await applyFetchedRefund(tx, refund, fetched, new Date())
      : await applyRefundWord(
          tx,
          refund,
          event.status,
          event.status === 'failed' ? 'Paystack reports that the refund failed' : null,
        );
    return applied.moved ? 'applied' : 'unchanged';
  });
}

/**
 * refund.* events, applied from their stored rows by the one loop (payments/provider-events.ts), as transfers
 * are: at once after the webhook's answer, and by the refund-events job every minute. An event whose refund
 * Paystack cannot be asked about now stays for the next run.
 */
export function handleRefundEvents(app: FastifyInstance) {
  addStoredEventKind(app, {
    name: 'refund',
    events: 'refund.',
    apply: (event) => handleRefundEvent(app, event.payload),
    notApplied: 'refund event: the provider could not be asked; the job tries again',
  });
}
