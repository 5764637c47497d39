import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, VerifiedTransaction } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { inTurn } from '../../lib/in-turn';
import { activatePosition } from '../engine/activate-position';
import { notify } from '../notifications/mail-queue';
import { announceRefundDue, recordMoneyOwedBack } from './refunds-due';
import {
  findPayment,
  lockPayment,
  paymentUpdateSql,
  updatePayment,
  type PaymentRow,
  type PaymentStatus,
} from './queries';

export interface SettleDeps {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

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

// Four: with one or two at a time the joins per second fell by a third, the first statements of the next no longer
// overlapping the placing of the one before (decision 0055).
const SETTLING_AT_ONCE = 4;

/**
 * Placing takes the programme's lock (the matrix fills breadth-first, one placement at a time), so settlements of one
 * programme wait for each other however many run. They wait here, in turn, not each holding a pooled connection while
 * it waits for the lock: with twenty members paying at once the pool was all waiters, and a member's dashboard read
 * queued behind them (issue 38; decision 0055). Per database, so tests with several databases do not wait for each other.
 */
const settling = new WeakMap<Db, ReturnType<typeof inTurn>>();
const settleInTurn = <T>(db: Db, programme: string, work: () => Promise<T>) => {
  let turn = settling.get(db);
  if (!turn) settling.set(db, (turn = inTurn(SETTLING_AT_ONCE)));
  return turn(programme, work);
};

/**
 * Asks the provider about a payment and gives value exactly once: when the provider says success and the
 * amount, currency and account agree, the position is placed (every bonus paid) in the same transaction that
 * marks the payment paid, under a lock on the payment row. Webhooks, the callback check and the job all come
 * here; whichever is first places the position, the others find the payment paid and change nothing.
 * Throws PaymentProviderError when the provider cannot be reached (the caller retries later).
 */
export function settlePayment(deps: SettleDeps, reference: string): Promise<SettleOutcome> {
  let inFlight = settlingNow.get(deps.db);
  if (!inFlight) settlingNow.set(deps.db, (inFlight = new Map()));
  const running = inFlight.get(reference);
  // Not paid is only as fresh as its question to the provider, which may have been asked before this caller's news
  // (a webhook's charge.success arriving while a poll asked): that outcome is not taken, the provider is asked anew.
  if (running)
    return running.then((outcome) =>
      outcome.result === 'not_paid' ? settlePayment(deps, reference) : outcome,
    );
  const settled: Promise<SettleOutcome> = settleOnce(deps, reference).finally(() => {
    if (inFlight.get(reference) === settled) inFlight.delete(reference);
  });
  inFlight.set(reference, settled);
  return settled;
}

/**
 * The settlements running in this process, by reference. The webhook's settling and the callback page's poll of the
 * same payment arrive together: the second is given the first's outcome instead of asking the provider again and
 * waiting for its turn only to find the payment paid (issue 38; decision 0055, addendum 2). Between processes the
 * payment row's lock still decides, so exactly-once is unchanged. Per database, as the turns are.
 */
const settlingNow = new WeakMap<Db, Map<string, Promise<SettleOutcome>>>();

async function settleOnce(deps: SettleDeps, reference: string): Promise<SettleOutcome> {
  const payment = await findPayment(deps.db, reference);
  if (!payment) return { result: 'unknown_reference' };
  if (payment.status === 'paid')
    return { result: 'already_paid', status: 'paid', positionId: payment.positionId };

  // Asked outside the transaction: no lock is held while waiting on the network.
  const verified = await deps.provider.verifyTransaction(reference);

  // The webhook's and the callback page's settling of one payment in this process are one (settlePayment); another
  // process's, or the job's, finds it paid under the payment's lock, which also gives the position.
  return settleInTurn(deps.db, payment.programme, () =>
    deps.db.transaction(async (tx): Promise<SettleOutcome> => {
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
    }),
  );
}
