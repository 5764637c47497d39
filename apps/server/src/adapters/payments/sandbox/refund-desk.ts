import type { Db } from '../../../db/client';
import { refundEventData } from './refund-data';
import { sandboxRefundStore, type SandboxRefund, type SandboxRefundStatus } from './refund-store';
import type { SandboxStore, SandboxTransaction } from './store';

/**
 * Test inputs over HTTP: a refund of a payment made with an email whose address holds `refund-fails` fails after
 * processing (refund.failed); one holding `refund-waits` stays processing until a test moves it. Any other refund
 * goes pending -> processing -> processed, each step with its signed event, as Paystack's refunds do
 * (paystack.com/docs/payments/refunds). Two lose POST /refund's answer (refund-routes.ts answers 500):
 * `refund-unanswered` after making the refund, which then goes on as any other; `refund-unreceived` before, so
 * nothing is made, as for the transfer that was never received.
 */
export const refundPathOf = (email: string): 'processed' | 'failed' | 'waits' =>
  email.includes('refund-fails') ? 'failed' : email.includes('refund-waits') ? 'waits' : 'processed';

/** Whether POST /refund's answer is lost, and whether the refund was made before it was. */
export const refundAnswerOf = (email: string): 'answered' | 'lost_after' | 'lost_before' =>
  email.includes('refund-unanswered')
    ? 'lost_after'
    : email.includes('refund-unreceived')
      ? 'lost_before'
      : 'answered';

export interface SandboxRefundDesk extends ReturnType<typeof sandboxRefundStore> {
  /** false: a refund stays pending until a test calls complete(). */
  autoComplete: boolean;
  /** Moves a refund on and sends its event (refund.processing, refund.processed, refund.failed). */
  complete(id: number, status: SandboxRefundStatus): Promise<SandboxRefund>;
  /** After the answer to POST /refund: its refund.pending event and the steps its path takes. */
  start(refund: SandboxRefund, transaction: SandboxTransaction): void;
}

export function createRefundDesk(
  db: Db,
  transactions: SandboxStore['transactions'],
  send: (event: string, reference: string, data: Record<string, unknown>) => Promise<unknown>,
  schedule: (work: () => Promise<unknown>) => void,
): SandboxRefundDesk {
  const store = sandboxRefundStore(db);
  const desk: SandboxRefundDesk = {
    ...store,
    autoComplete: true,
    async complete(id, status) {
      const refund = await store.move(id, status, new Date());
      if (!refund) throw new Error(`No sandbox refund ${id}`);
      const transaction = (await transactions.get(refund.transactionReference))!;
      await send(`refund.${status}`, transaction.reference, refundEventData(refund, transaction));
      return refund;
    },
    start(refund, transaction) {
      schedule(async () => {
        await send('refund.pending', transaction.reference, refundEventData(refund, transaction));
        if (!desk.autoComplete) return;
        await desk.complete(refund.id, 'processing');
        const path = refundPathOf(transaction.email);
        if (path !== 'waits') await desk.complete(refund.id, path);
      });
    },
  };
  return desk;
}
