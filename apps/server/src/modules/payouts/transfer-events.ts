import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { z } from 'zod';
import { addStoredEventKind } from '../payments/provider-events';
import { applyTransferOutcome, type OutcomeResult } from './transfer-outcome';

const transferEvent = z.object({
  event: z.enum(['transfer.success', 'transfer.failed', 'transfer.reversed']),
  data: z
    .object({
      reference: z.string().min(1),
      amount: z.number().int(),
      status: z.string().optional(),
      transfer_code: z.string().nullish(),
    })
    .loose(),
});

/**
 * A transfer.* webhook (signature already checked by the webhook route). The event says which transfer
 * changed; the provider's own record of that reference says how, so a stale or out-of-order event cannot
 * undo a later state. A repeated event changes nothing: each payout moves once per outcome.
 * Throws when the provider cannot be asked, so the webhook answers 5xx and Paystack sends it again.
 */
export async function handleTransferEvent(
  { db, payments, log }: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger },
  event: unknown,
): Promise<OutcomeResult | { applied: false; why: 'not_a_transfer_event' | 'unknown_to_provider' }> {
  const parsed = transferEvent.safeParse(event);
  if (!parsed.success) return { applied: false, why: 'not_a_transfer_event' };
  const { reference } = parsed.data.data;
  const state = await payments.verifyTransfer(reference);
  if ('found' in state) {
    log.warn(
      { reference, event: parsed.data.event },
      'transfer webhook for a reference the provider does not know; ignored',
    );
    return { applied: false, why: 'unknown_to_provider' };
  }
  const result = await applyTransferOutcome(db, reference, state);
  if (!result.applied && result.why === 'amount_mismatch')
    log.warn(
      { reference, amountKobo: state.amountKobo },
      'transfer amount differs from the payout; left for an administrator',
    );
  return result;
}

/**
 * transfer.* events, registered with the webhook and the one stored-events loop (payments/provider-events.ts):
 * applied at once after the answer and by the transfer-events job every minute for what is left.
 */
export function handleTransferEvents(app: FastifyInstance) {
  addStoredEventKind(app, {
    name: 'transfer',
    events: 'transfer.',
    apply: (event) => handleTransferEvent(app, event.payload),
    notApplied: 'transfer event: the provider could not be asked; the job tries again',
  });
}
