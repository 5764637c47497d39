import { getPlan, toNairaString, DomainError } from '@coop/core';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { findPaymentAndStage, type PaymentStatus } from './queries';
import { settlePayment } from './settle-payment';

const messages: Record<PaymentStatus, string> = {
  paid: 'Payment successful. Your registration is complete.',
  pending: 'We are waiting for the payment provider to confirm your payment. This page updates by itself.',
  failed: 'Your payment was declined and no money was taken. You can try again.',
  // Paystack's abandoned: not completed, but the checkout can still be paid; Make Payment opens the same one.
  abandoned:
    'The payment was not completed and no money was taken. Press Make Payment to continue on the same checkout when you are ready.',
};

/**
 * The signed-in owner's payment, checked with the provider first when it is not yet paid, so the callback
 * page activates the member even when the webhook never arrives. Someone else's reference is not found.
 */
export async function paymentStatus(
  deps: { db: Db; provider: PaymentProvider; log: FastifyBaseLogger },
  accountId: string,
  reference: string,
) {
  // The payment and its position's stage in one statement: the page asks every 100 ms while it waits.
  const before = await findPaymentAndStage(deps.db, reference);
  if (!before || before.payment.accountId !== accountId)
    throw new DomainError('payment_not_found', 'No such payment.');
  let settled = before;
  if (before.payment.status !== 'paid') {
    try {
      await settlePayment(deps, reference);
    } catch (error) {
      // The database is away: the member is answered 503 (try again in a moment), not told a stale "pending".
      if (isDatabaseUnavailable(error)) throw error;
      // The provider is unreachable: answer what we know; the page asks again and the job keeps trying.
      deps.log.warn({ err: error, reference }, 'payment status: the provider could not be asked');
    }
    settled = (await findPaymentAndStage(deps.db, reference))!;
  }
  const { payment, stage } = settled;
  const plan = getPlan(payment.programme);
  return {
    reference,
    programme: payment.programme,
    status: payment.status,
    paid: payment.status === 'paid',
    amount: toNairaString(payment.amountKobo),
    paidAt: payment.paidAt?.toISOString() ?? null,
    stage,
    stageName: stage === null ? null : (plan.stages[stage]?.name ?? null),
    message:
      payment.status === 'paid' && payment.positionId === null
        ? (payment.failureReason ?? messages.paid)
        : messages[payment.status],
  };
}
