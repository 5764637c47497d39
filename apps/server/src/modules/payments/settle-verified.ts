import type { VerifiedTransaction } from '../../adapters/payments';
import type { DatabaseLog, Db } from '../../db/client';
import { activatePosition } from '../engine/activate-position';
import { notify } from '../notifications/mail-queue';
import { announceRefundDue, recordMoneyOwedBack } from './refunds-due';
import { lockPayment, paymentUpdateSql, updatePayment, type PaymentRow, type PaymentStatus } from './queries';

export type SettleOutcome =
  | { result: 'unknown_reference' }
  | { result: 'activated' | 'already_paid'; status: 'paid'; positionId: number | null }
  | { result: 'not_paid'; status: PaymentStatus; providerStatus: string }
  | { result: 'mismatch'; status: PaymentStatus; why: string };

/**
 * What we asked the customer for. When the Paystack account passes its fees to the customer, verify's amount is
 * requested_amount + fees (Paystack's documented sample: 40333 = 30050 + 10283, paystack.com/docs/api/transaction/#verify;
 * the sandbox's "Pay, fees added" answers the same, see adapters/payments/sandbox/transaction-routes.ts); requested_amount is the fee.
 */
export const requestedKoboOf = (verified: VerifiedTransaction) =>
  verified.requestedAmountKobo ?? verified.amountKobo;

/** What the customer paid Paystack on top of our fee; null when nothing. Never ours: it is recorded, not posted. */
export function customerFeeKoboOf(verified: VerifiedTransaction): number | null {
  const extraKobo = verified.amountKobo - requestedKoboOf(verified);
  return extraKobo > 0 ? extraKobo : null;
}

/** What must agree between our payment and the provider's word before value is given. */
export function mismatchOf(payment: PaymentRow, verified: VerifiedTransaction): string | null {
  if (verified.reference !== payment.reference) return 'reference';
  const requestedKobo = requestedKoboOf(verified);
  if (requestedKobo !== payment.amountKobo)
    return `amount ${requestedKobo} kobo, expected ${payment.amountKobo}`;
  // The customer cannot have paid less than we asked; a smaller charged amount is not a payment of the fee.
  if (verified.amountKobo < requestedKobo)
    return `amount ${verified.amountKobo} kobo charged, less than the ${requestedKobo} requested`;
  if (verified.currency !== payment.currency)
    return `currency ${verified.currency}, expected ${payment.currency}`;
  const accountId = verified.metadata.accountId;
  if (accountId !== undefined && accountId !== payment.accountId) return 'account';
  return null;
}

/**
 * The settlement's transaction, once the provider has answered `verified` for `payment`: under the payment row's
 * lock, value is given exactly once (the position placed, every bonus paid, the payment marked paid) or the
 * provider's word recorded. On PostgreSQL it runs on the settlement thread (settlement-thread.ts), which calls this
 * same function; on PGlite, on the request's thread.
 */
export function settleVerified(
  deps: { db: Db; log: Pick<DatabaseLog, 'warn'> },
  payment: PaymentRow,
  verified: VerifiedTransaction | { found: false },
): Promise<SettleOutcome> {
  const reference = payment.reference;
  return deps.db.transaction(async (tx): Promise<SettleOutcome> => {
    const locked = await lockPayment(tx, reference);
    if (!locked) return { result: 'unknown_reference' };
    if (locked.status === 'paid')
      return { result: 'already_paid', status: 'paid', positionId: locked.positionId };
    const now = new Date();
    if (!verified.found) {
      await updatePayment(tx, locked.id, { lastCheckedAt: now });
      return { result: 'not_paid', status: locked.status, providerStatus: 'not_found' };
    }
    if (verified.status !== 'success') {
      // A declined card may be tried again on the same checkout, so failed/abandoned are not final: a later success still counts.
      const status: PaymentStatus =
        verified.status === 'failed'
          ? 'failed'
          : verified.status === 'abandoned'
            ? 'abandoned'
            : locked.status;
      await updatePayment(tx, locked.id, { status, lastCheckedAt: now });
      return { result: 'not_paid', status, providerStatus: verified.status };
    }
    const why = mismatchOf(payment, verified);
    if (why) {
      deps.log.warn(
        { reference, why },
        'payment: the provider reports a success that does not match the payment; no value given',
      );
      // Left pending for an administrator to look at: the reason is kept, no value is given.
      await updatePayment(tx, locked.id, {
        lastCheckedAt: now,
        failureReason: `The provider reports a success that does not match (${why}); no value given.`,
      });
      return { result: 'mismatch', status: locked.status, why };
    }
    const placed = await activatePosition(tx, {
      accountId: payment.accountId,
      programme: payment.programme,
      paymentReference: reference,
      // The engine checks the programme's fee: what we asked for, never what Paystack charged with its fees.
      amountKobo: requestedKoboOf(verified),
      // A join in flight at a version's switch takes the version in force when the checkout began (decision 0062).
      startedAt: payment.createdAt,
    });
    // What Paystack reports of the charge, stored as it said it: the amount charged, its fees and (by the
    // difference from the fee) who bore them.
    const charge = {
      customerFeeKobo: customerFeeKoboOf(verified),
      chargedKobo: verified.amountKobo,
      paystackFeesKobo: verified.feesKobo,
    };
    const paidAt = verified.paidAt ? new Date(verified.paidAt) : now;
    if (placed.status === 'refused') {
      // The money arrived but the engine's rules refuse a position (a second Main fee paid from an older checkout).
      deps.log.warn(
        { reference, code: placed.code },
        'payment: paid but no position placed; a refund is due',
      );
      await updatePayment(tx, locked.id, {
        status: 'paid',
        paidAt,
        lastCheckedAt: now,
        ...charge,
        placement: 'not_placed',
        failureReason: `Not placed: ${placed.message} A refund is due.`,
      });
      await recordMoneyOwedBack(tx, {
        programme: payment.programme,
        reference,
        amountKobo: payment.amountKobo,
      });
      await announceRefundDue(
        tx,
        {
          accountId: payment.accountId,
          programme: payment.programme,
          reference,
          amountKobo: verified.amountKobo,
        },
        placed.message,
      );
      return { result: 'activated', status: 'paid', positionId: null };
    }
    const paid = paymentUpdateSql(tx, locked.id, {
      status: 'paid',
      paidAt,
      lastCheckedAt: now,
      ...charge,
      positionId: placed.positionId,
      placement: 'placed',
      failureReason: null,
    });
    // Placed now: the payment's update goes with the member's notice, one round trip under the programme's lock.
    if (placed.status === 'placed')
      await notify(
        tx,
        payment.accountId,
        {
          kind: 'payment_received',
          reference,
          amountKobo: payment.amountKobo,
          chargedKobo: charge.chargedKobo,
          customerFeeKobo: charge.customerFeeKobo,
        },
        placed.member,
        paid,
      );
    else await tx.execute(paid);
    return { result: 'activated', status: 'paid', positionId: placed.positionId };
  });
}
