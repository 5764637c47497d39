import { DomainError } from '@coop/core';
import { randomBytes } from 'node:crypto';
import type { Programme } from '@coop/core';
import { lockAccount } from '../accounts/account-store';
import type { FastifyBaseLogger } from 'fastify';
import { PaymentProviderError, type PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { latestPositionOf } from '../engine/position-store';
import {
  checkoutAddressOf,
  insertPayment,
  openCheckoutOf,
  pendingPaymentsOf,
  updatePayment,
} from './queries';
import { checkoutLifetimeSeconds } from './checkout-lifetime';
import { prepareToSettle, settlePayment } from './settle-payment';
import { currentPlan } from '../plans/plan-book';

/** 128 random bits: nobody can guess another person's payment. Paystack allows letters, digits, - . = */
export const newPaymentReference = (programme: Programme) =>
  `${programme === 'main' ? 'MN' : 'WB'}-${randomBytes(16).toString('hex')}`;

/** Where the provider sends the browser back: the member-area pages that read ?reference= and ask for the status. */
export const callbackPath = (programme: Programme) =>
  programme === 'main' ? '/mainpaystack' : '/welcomepaystack';

/**
 * Seconds a member is asked to wait before pressing Pay again while Paystack does not answer (decision 0046): long
 * enough not to hammer a provider that is down, short enough that a blip costs the member a minute at most.
 */
export const PAYMENTS_PAUSED_RETRY_AFTER_SECONDS = 60;

/** What a member reads when no checkout can be started because Paystack does not answer; the answer is 503 with Retry-After. */
const paymentsPaused = () =>
  new DomainError(
    'payments_paused',
    'Card payments are paused for a few minutes: our payment provider, Paystack, is not answering. No money was taken. Please try again shortly.',
  );

/** The engine's rules, checked before any money is asked for (the engine checks them again when it places). */
async function refuseIfNotPayable(db: Db, accountId: string, programme: Programme) {
  const latest = await latestPositionOf(db, accountId);
  if (!latest) return;
  if (programme === 'main')
    throw new DomainError(
      'already_member',
      'You have already paid your registration fee. You are a member of the Main Platform.',
    );
  if (latest.finishedAt === null)
    throw new DomainError(
      'position_in_progress',
      'Your current Welcome Back position has not finished Thank You yet. You can pay again once it has.',
    );
}

/**
 * Starts a fee payment for the signed-in account: a pending payments row with a fresh reference first (so
 * every reference the provider knows is ours), then the provider's checkout for exactly the plan's fee.
 * A checkout still payable at Paystack (unpaid, abandoned included, within its payment session timeout) is given
 * again instead (same reference and link): a member who opens the payment twice pays once.
 */
export async function initiatePayment(
  deps: { db: Db; provider: PaymentProvider; publicUrl: string; log: FastifyBaseLogger },
  account: { id: string; email: string; programme: Programme },
  bodyEmail: string | undefined,
) {
  if (bodyEmail && bodyEmail !== account.email)
    throw new DomainError('not_your_account', 'Enter the email address of the account you are signed in to.');
  prepareToSettle(deps.db);
  // An earlier checkout may have been paid while its webhook is still on the way: settle it first, so a
  // person who already paid is told so instead of being charged a second fee.
  for (const { reference } of await pendingPaymentsOf(deps.db, account.id, account.programme)) {
    const unanswered = await settlePayment(deps, reference).then(
      () => false,
      (error: unknown) => {
        deps.log.warn({ err: error, reference }, 'payment: an earlier checkout could not be checked');
        return error instanceof PaymentProviderError && error.retryable;
      },
    );
    // Paystack is away: the others would each cost the member the client's timeouts too. The job settles them later.
    if (unanswered) break;
  }
  await refuseIfNotPayable(deps.db, account.id, account.programme);
  // The fee of the version new positions join under now.
  const plan = await currentPlan(deps.db, account.programme);
  // Read before the lock: no lock is held while waiting on the network.
  const lifetimeSeconds = await checkoutLifetimeSeconds(deps.provider, deps.log);
  const { payment, fresh } = await deps.db.transaction(async (tx) => {
    // One start at a time per account, so two clicks (or two tabs) cannot both make a checkout.
    await lockAccount(tx, account.id);
    const open = await openCheckoutOf(tx, account.id, account.programme, plan.feeKobo, lifetimeSeconds);
    if (open) return { payment: open, fresh: false };
    const inserted = await insertPayment(tx, {
      reference: newPaymentReference(account.programme),
      accountId: account.id,
      programme: account.programme,
      amountKobo: plan.feeKobo,
      currency: 'NGN',
      provider: deps.provider.name,
    });
    return { payment: inserted, fresh: true };
  });
  const { reference } = payment;
  if (!fresh) {
    const address = await checkoutAddressOf(deps.db, payment);
    // The other click's call to Paystack failed: the same words as to that click, and no checkout to reuse.
    if (address === null) throw paymentsPaused();
    return { reference, authorizationUrl: address, amountKobo: plan.feeKobo };
  }
  let checkout;
  try {
    checkout = await deps.provider.initializeTransaction({
      email: account.email,
      amountKobo: plan.feeKobo,
      reference,
      callbackUrl: `${deps.publicUrl}${callbackPath(account.programme)}`,
      metadata: { accountId: account.id, programme: account.programme, paymentId: payment.id },
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log.warn({ err: error, reference }, 'payment: the provider could not start the checkout');
    // Marked failed, never left pending: a pending row is offered again as "the same checkout", and this one has
    // none, so the member's next press starts a fresh one. Its reference is still asked about by the job for a
    // while, in case Paystack made the checkout and only its answer was lost.
    await updatePayment(deps.db, payment.id, {
      status: 'failed',
      failureReason: 'The payment provider could not start the checkout.',
    });
    throw paymentsPaused();
  }
  await updatePayment(deps.db, payment.id, {
    authorizationUrl: checkout.authorizationUrl,
    accessCode: checkout.accessCode,
  });
  return { reference, authorizationUrl: checkout.authorizationUrl, amountKobo: plan.feeKobo };
}
