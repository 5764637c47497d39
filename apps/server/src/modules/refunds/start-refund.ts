import { checkRefund, DomainError, refusalError } from '@coop/core';
import { PaymentProviderError } from '../../adapters/payments';
import { recordAudit } from '../audit/record-audit';
import { recordMoneyOwedBack } from '../payments/refunds-due';
import { applyRefundWord } from './refund-outcome';
import type { RefundDeps } from './refund-deps';
import { recheckRefund } from './refund-recheck';
import {
  findRefund,
  insertRefund,
  paymentForRefund,
  updateRefund,
  type PaymentForRefund,
  type RefundRow,
} from './refund-store';

export interface RefundAsk {
  reference: string;
  amountKobo: number;
  reason: string;
  /** The maker's form submission: the same key again finds the same refund and asks Paystack nothing. */
  idempotencyKey: string;
}

/** Refuses, with the screen's words, a refund the rules do not allow now. */
export function assertRefundable(
  payment: PaymentForRefund | null,
  amountKobo: number,
): asserts payment is PaymentForRefund {
  if (!payment) throw new DomainError('payment_unknown', 'There is no payment with this reference.');
  const checked = checkRefund(payment, amountKobo);
  if (!checked.ok) throw refusalError(checked);
  if (payment.bar) throw new DomainError(payment.bar.code, payment.bar.message);
}

/**
 * Gives money back through Paystack, once. The refund row is written first, under the payment's lock and the
 * checks (things change between a request and its approval), with the maker's key; only the call that wrote it
 * asks Paystack, so a second press, a second carrying out of the approval or a concurrent one asks nothing.
 * Paystack's answer is applied like its events (refund-outcome.ts), whichever comes first.
 */
export async function startRefund(
  deps: RefundDeps,
  ask: RefundAsk,
  people: { requestedBy: string; approvedBy: string | null },
): Promise<{ refund: RefundRow; replayed: boolean }> {
  const key = `refund:${ask.idempotencyKey}`;
  const written = await deps.db.transaction(async (tx) => {
    const payment = await paymentForRefund(tx, ask.reference, { lock: true });
    // Read under the payment's lock: a second press made at the same moment waits here, then finds the first.
    const earlier = await findRefund(tx, { key });
    if (earlier) return { id: earlier.id, replayed: true };
    assertRefundable(payment, ask.amountKobo);
    await recordMoneyOwedBack(tx, {
      programme: payment.programme,
      reference: payment.reference,
      amountKobo: payment.amountKobo,
    });
    const id = await insertRefund(tx, {
      paymentReference: payment.reference,
      accountId: payment.accountId,
      programme: payment.programme,
      amountKobo: ask.amountKobo,
      reason: ask.reason,
      idempotencyKey: key,
      ...people,
    });
    if (id === null)
      throw new DomainError(
        'refund_under_way',
        'A refund of this payment is already with Paystack: wait for its outcome.',
      );
    await recordAudit(tx, {
      actorAccountId: people.approvedBy ?? people.requestedBy,
      action: 'refund_sent',
      targetAccountId: payment.accountId,
      details: {
        refundId: id,
        reference: payment.reference,
        amountKobo: ask.amountKobo,
        reason: ask.reason,
        requestedBy: people.requestedBy,
        approvedBy: people.approvedBy,
      },
    });
    return { id, replayed: false };
  });
  if (!written.replayed) await askPaystack(deps, written.id, ask);
  return { refund: (await findRefund(deps.db, { id: written.id }))!, replayed: written.replayed };
}

async function askPaystack({ db, payments, log }: RefundDeps, id: number, ask: RefundAsk) {
  let answer;
  try {
    answer = await payments.createRefund({
      transactionReference: ask.reference,
      amountKobo: ask.amountKobo,
      merchantNote: ask.reason,
      customerNote: `Refund of payment ${ask.reference}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Paystack may have made the refund without our hearing it: it is not asked again; its event will tell.
    log.warn({ refundId: id, err: error }, 'refund: no usable answer from the payment provider');
    await updateRefund(db, id, {
      providerNote: `No answer from Paystack yet (${error.message}). Check Paystack's dashboard before refunding again; its refund event will update this.`,
    });
    return;
  }
  const eventsAhead = await db.transaction(async (tx) => {
    const refund = (await findRefund(tx, { id }, { lock: true }))!;
    if ('refused' in answer) {
      await applyRefundWord(tx, refund, 'failed', `Paystack refused the refund: ${answer.refused}`);
      return false;
    }
    const expectedAt = answer.expectedAt ? new Date(answer.expectedAt) : null;
    await updateRefund(tx, id, { providerRefundId: answer.id, expectedAt });
    await applyRefundWord(
      tx,
      { ...refund, providerRefundId: answer.id, expectedAt: expectedAt ?? refund.expectedAt },
      answer.status,
      null,
    );
    return refund.status !== 'sending';
  });
  // Paystack's events can overtake its answer: one that came first moved the refund by its own word, without
  // Paystack's id to ask about. Now that the id is known, Paystack is asked once, as the event's check would have.
  if (eventsAhead)
    await recheckRefund({ db, payments, log }, id, new Date()).catch((error: unknown) =>
      log.warn(
        { refundId: id, err: error },
        'refund: Paystack could not be asked after its events came first',
      ),
    );
}
