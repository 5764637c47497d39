import type { FastifyInstance } from 'fastify';
import { PaymentProviderError } from '../../adapters/payments';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { applyFetchedRefund } from './refund-outcome';
import { findRefund, refundsWaitingSince, updateRefund, type RefundRow } from './refund-store';

const BATCH = 50;
/** How often the job looks for refunds that have waited too long; each is asked at most once per REFUND_RECHECK_HOURS. */
const SWEEP_MS = 15 * 60_000;

/**
 * moved: Paystack's answer moved the refund; unchanged: Paystack says what we knew; ended: it was decided already;
 * no_refund_id: Paystack never told us its id (its answer to POST /refund was lost), so it cannot be asked by id;
 * unknown_to_paystack: Paystack has no refund with that id.
 */
export type RecheckOutcome = 'moved' | 'unchanged' | 'ended' | 'no_refund_id' | 'unknown_to_paystack';

const OPEN_STATUSES: readonly RefundRow['status'][] = ['sending', 'pending', 'processing', 'needs-attention'];

/**
 * Asks Paystack about one refund (GET /refund/:id) and applies its answer the way a refund event's check is applied
 * (refund-outcome.ts applyFetchedRefund, under the row's lock): forward only, the ledger and the member's mail once,
 * so an answer heard twice, or heard here and from an event, moves the refund once. A PaymentProviderError (Paystack
 * unreachable, an answer not in its shape) is the caller's: nothing was changed.
 */
export async function recheckRefund(app: FastifyInstance, id: number, now: Date): Promise<{ outcome: RecheckOutcome; refund: RefundRow } | null> {
  const refund = await findRefund(app.db, { id });
  if (!refund) return null;
  if (!OPEN_STATUSES.includes(refund.status)) return { outcome: 'ended', refund };
  if (refund.providerRefundId === null) return { outcome: 'no_refund_id', refund };
  const fetched = await app.payments.fetchRefund(refund.providerRefundId);
  const outcome = await app.db.transaction(async (tx): Promise<RecheckOutcome> => {
    const locked = (await findRefund(tx, { id }, { lock: true }))!;
    if ('found' in fetched) {
      await updateRefund(tx, id, { checkedAt: now, providerNote: `Paystack has no refund ${refund.providerRefundId}: look for it on Paystack's dashboard before refunding again.` });
      return 'unknown_to_paystack';
    }
    if (!OPEN_STATUSES.includes(locked.status)) return 'ended';
    return (await applyFetchedRefund(tx, locked, fetched, now)).moved ? 'moved' : 'unchanged';
  });
  return { outcome, refund: (await findRefund(app.db, { id }))! };
}

/**
 * The recheck job: every refund Paystack has not decided after REFUND_RECHECK_HOURS, and not asked about within
 * them, is asked again, so a refund whose events were lost is settled without anyone looking. One refund's failure
 * does not stop the others; Paystack unreachable leaves it for the next run.
 */
export async function recheckWaitingRefunds(app: FastifyInstance, now: Date) {
  const ids = await refundsWaitingSince(app.db, new Date(now.getTime() - app.config.refunds.recheckMs), BATCH);
  const counts: Record<RecheckOutcome | 'unreachable', number> = { moved: 0, unchanged: 0, ended: 0, no_refund_id: 0, unknown_to_paystack: 0, unreachable: 0 };
  for (const id of ids) {
    try {
      const checked = await recheckRefund(app, id, now);
      if (checked) counts[checked.outcome] += 1;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      counts.unreachable += 1;
      app.log.warn({ err: error, refundId: id }, 'refund recheck: Paystack could not be asked; the next run tries again');
    }
  }
  if (ids.length > 0) app.log.info(counts, 'refunds waiting on Paystack asked again');
  return counts;
}

const SAID: Record<RefundRow['status'], string> = {
  sending: 'has not answered yet',
  pending: 'has queued it',
  processing: 'is paying it back',
  'needs-attention': "needs the customer's bank details: finish it on Paystack's dashboard",
  processed: 'has paid it back; the member is mailed',
  failed: 'reports that it failed; the payment is back on the list awaiting refund',
};

/**
 * An administrator's "Ask Paystack now" on a refund that waits: the same ask as the job's, audited with who asked,
 * from where, and Paystack's answer. Answers the words the screen shows.
 */
export async function askPaystackNow(app: FastifyInstance, id: number, asker: { accountId: string; address: string }) {
  let checked;
  try {
    checked = await recheckRefund(app, id, new Date());
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new HttpError(502, `Paystack could not be asked now (${error.message}). Nothing changed: try again in a few minutes.`, 'provider_unavailable');
    throw error;
  }
  if (!checked) throw new HttpError(404, 'There is no refund with this number.', 'refund_unknown');
  const { outcome, refund } = checked;
  if (outcome === 'ended') throw new HttpError(409, `This refund is ${refund.status} already: there is nothing to ask Paystack.`, 'refund_decided');
  if (outcome === 'no_refund_id')
    throw new HttpError(409, "Paystack's answer to this refund was lost, so we do not know its refund id to ask by. Look for the refund on Paystack's dashboard (by the payment's reference) before refunding again.", 'refund_id_unknown');
  await recordAudit(app.db, {
    actorAccountId: asker.accountId,
    action: 'refund_checked',
    targetAccountId: refund.accountId,
    details: { refundId: refund.id, reference: refund.paymentReference, providerRefundId: refund.providerRefundId, outcome, status: refund.status, address: asker.address },
  });
  const message =
    outcome === 'unknown_to_paystack'
      ? `Paystack has no refund ${refund.providerRefundId}: look for it on Paystack's dashboard before refunding again.`
      : outcome === 'moved'
        ? `Paystack ${SAID[refund.status]}.`
        : `Paystack still says it ${SAID[refund.status]}: nothing changed.`;
  return { message, refund };
}

export function scheduleRefundRecheck(app: FastifyInstance) {
  app.jobs.add({ name: 'refund-recheck', everyMs: SWEEP_MS, run: (now) => recheckWaitingRefunds(app, now) });
}
