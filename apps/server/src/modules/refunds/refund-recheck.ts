import { DomainError } from '@coop/core';
import type { FastifyInstance } from 'fastify';
import { PaymentProviderError } from '../../adapters/payments';
import type { Config } from '../../config';
import { recordAudit } from '../audit/record-audit';
import type { ProviderRefund } from '../../adapters/payments/refund-types';
import { applyFetchedRefund, applyRefundWord } from './refund-outcome';
import type { RefundDeps } from './refund-deps';
import {
  findRefund,
  knownProviderRefundIds,
  refundsWaitingSince,
  updateRefund,
  type RefundRow,
} from './refund-store';

const BATCH = 50;
/** How often the job looks for refunds that have waited too long; each is asked at most once per REFUND_RECHECK_HOURS. */
const SWEEP_MS = 15 * 60_000;

/**
 * moved: Paystack's answer moved the refund; unchanged: Paystack says what we knew; ended: it was decided already;
 * still_sending: asked of Paystack minutes ago, its answer may still come; adopted: its POST /refund answer was
 * lost, and Paystack's list of refunds holds it; not_sent: Paystack's list has no such refund, so it was never
 * made and may be asked again; unknown_to_paystack: Paystack has no refund with the id it gave us.
 */
export type RecheckOutcome =
  'moved' | 'unchanged' | 'ended' | 'still_sending' | 'adopted' | 'not_sent' | 'unknown_to_paystack';

const OPEN_STATUSES: readonly RefundRow['status'][] = ['sending', 'pending', 'processing', 'needs-attention'];
/** A refund sent this recently may still get its answer (the client gives up long before): it is not looked for yet. */
const SENDING_SETTLED_MS = 10 * 60_000;
/** Paystack's clock against ours: the list is read from a little before the refund row was written. */
const CLOCK_SKEW_MS = 10 * 60_000;
const LIST_PAGE_SIZE = 100;
/** Pages of Paystack's list read at most per refund; past them nothing is concluded (the refund stays sending). */
const LIST_PAGES = 20;

/**
 * Paystack's refund for a payment whose POST /refund answer was lost: Paystack's list of refunds (GET /refund, by
 * date) from just before the refund was asked until now, one with the payment's reference and the amount that is
 * none of the refunds we know. `complete` says the whole list was read, so "none" means Paystack never made it.
 */
async function findInPaystackList(
  { db, payments }: RefundDeps,
  refund: RefundRow,
  now: Date,
): Promise<{ found: ProviderRefund | null; complete: boolean }> {
  const known = await knownProviderRefundIds(db, refund.paymentReference);
  const from = new Date(refund.createdAt.getTime() - CLOCK_SKEW_MS);
  for (let page = 1; page <= LIST_PAGES; page += 1) {
    const { refunds, pageCount } = await payments.listRefunds({
      from,
      to: now,
      page,
      perPage: LIST_PAGE_SIZE,
    });
    const found = refunds.find(
      (r) =>
        r.transactionReference === refund.paymentReference &&
        r.amountKobo === refund.amountKobo &&
        !known.has(r.id),
    );
    if (found) return { found, complete: true };
    if (page >= pageCount) return { found: null, complete: true };
  }
  return { found: null, complete: false };
}

/**
 * Asks Paystack about one refund and applies its answer the way a refund event's check is applied (refund-outcome.ts,
 * under the row's lock): forward only, the ledger and the member's mail once, so an answer heard twice, or heard
 * here and from an event, moves the refund once. A refund whose id we never heard is looked for in Paystack's list:
 * found, it is adopted (its id kept, its status applied); surely absent, it was not sent, and is failed with that
 * note so the payment is back on the list awaiting refund and can be refunded again. A PaymentProviderError
 * (Paystack unreachable, an answer not in its shape) is the caller's: nothing was changed.
 */
export async function recheckRefund(
  deps: RefundDeps,
  id: number,
  now: Date,
): Promise<{ outcome: RecheckOutcome; refund: RefundRow } | null> {
  const refund = await findRefund(deps.db, { id });
  if (!refund) return null;
  if (!OPEN_STATUSES.includes(refund.status)) return { outcome: 'ended', refund };
  if (refund.providerRefundId === null && now.getTime() - refund.createdAt.getTime() < SENDING_SETTLED_MS)
    return { outcome: 'still_sending', refund };
  const fetched =
    refund.providerRefundId === null ? null : await deps.payments.fetchRefund(refund.providerRefundId);
  const listed = refund.providerRefundId === null ? await findInPaystackList(deps, refund, now) : null;
  const outcome = await deps.db.transaction(async (tx): Promise<RecheckOutcome> => {
    const locked = (await findRefund(tx, { id }, { lock: true }))!;
    if (!OPEN_STATUSES.includes(locked.status)) return 'ended';
    if (fetched && 'found' in fetched) {
      await updateRefund(tx, id, {
        checkedAt: now,
        providerNote: `Paystack has no refund ${refund.providerRefundId}: look for it on Paystack's dashboard before refunding again.`,
      });
      return 'unknown_to_paystack';
    }
    if (fetched) return (await applyFetchedRefund(tx, locked, fetched, now)).moved ? 'moved' : 'unchanged';
    // Its id arrived meanwhile (an event, the late answer): what it says is theirs to apply.
    if (locked.providerRefundId !== null) return 'unchanged';
    if (listed?.found) {
      await updateRefund(tx, id, { providerRefundId: listed.found.id });
      const applied = await applyFetchedRefund(
        tx,
        { ...locked, providerRefundId: listed.found.id },
        listed.found,
        now,
      );
      if (applied.status !== 'failed')
        await updateRefund(tx, id, {
          providerNote: `Found in Paystack's list of refunds (refund ${listed.found.id}): its answer to the refund had been lost.`,
        });
      return 'adopted';
    }
    if (listed?.complete) {
      await updateRefund(tx, id, { checkedAt: now });
      await applyRefundWord(
        tx,
        locked,
        'failed',
        "Not sent: Paystack's list of refunds has none for this payment since it was asked.",
      );
      return 'not_sent';
    }
    await updateRefund(tx, id, { checkedAt: now });
    return 'unchanged';
  });
  return { outcome, refund: (await findRefund(deps.db, { id }))! };
}

/**
 * The recheck job: every refund Paystack has not decided after REFUND_RECHECK_HOURS, and not asked about within
 * them, is asked again, so a refund whose events were lost is settled without anyone looking. One refund's failure
 * does not stop the others; Paystack unreachable leaves it for the next run.
 */
export async function recheckWaitingRefunds(
  deps: RefundDeps & { config: Pick<Config, 'refunds'> },
  now: Date,
) {
  const ids = await refundsWaitingSince(
    deps.db,
    new Date(now.getTime() - deps.config.refunds.recheckMs),
    BATCH,
  );
  const counts: Record<RecheckOutcome | 'unreachable', number> = {
    moved: 0,
    unchanged: 0,
    ended: 0,
    still_sending: 0,
    adopted: 0,
    not_sent: 0,
    unknown_to_paystack: 0,
    unreachable: 0,
  };
  for (const id of ids) {
    try {
      const checked = await recheckRefund(deps, id, now);
      if (checked) counts[checked.outcome] += 1;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      counts.unreachable += 1;
      deps.log.warn(
        { err: error, refundId: id },
        'refund recheck: Paystack could not be asked; the next run tries again',
      );
    }
  }
  if (ids.length > 0) deps.log.info(counts, 'refunds waiting on Paystack asked again');
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
export async function askPaystackNow(
  deps: RefundDeps,
  id: number,
  asker: { accountId: string; address: string },
) {
  let checked;
  try {
    checked = await recheckRefund(deps, id, new Date());
  } catch (error) {
    if (error instanceof PaymentProviderError)
      throw new DomainError(
        'provider_unavailable',
        `Paystack could not be asked now (${error.message}). Nothing changed: try again in a few minutes.`,
      );
    throw error;
  }
  if (!checked) throw new DomainError('refund_unknown', 'There is no refund with this number.');
  const { outcome, refund } = checked;
  if (outcome === 'ended')
    throw new DomainError(
      'refund_decided',
      `This refund is ${refund.status} already: there is nothing to ask Paystack.`,
    );
  if (outcome === 'still_sending')
    throw new DomainError(
      'refund_sending',
      'This refund was sent to Paystack minutes ago and its answer may still come: ask again in ten minutes.',
    );
  await recordAudit(deps.db, {
    actorAccountId: asker.accountId,
    action: 'refund_checked',
    targetAccountId: refund.accountId,
    details: {
      refundId: refund.id,
      reference: refund.paymentReference,
      providerRefundId: refund.providerRefundId,
      outcome,
      status: refund.status,
      address: asker.address,
    },
  });
  const message =
    outcome === 'unknown_to_paystack'
      ? `Paystack has no refund ${refund.providerRefundId}: look for it on Paystack's dashboard before refunding again.`
      : outcome === 'adopted'
        ? `Found in Paystack's list of refunds as refund ${refund.providerRefundId}: Paystack ${SAID[refund.status]}.`
        : outcome === 'not_sent'
          ? "Paystack's list of refunds has none for this payment: it was not sent. The payment is back on the list awaiting refund; refund it again."
          : outcome === 'moved'
            ? `Paystack ${SAID[refund.status]}.`
            : refund.providerRefundId === null
              ? "Paystack's list of refunds could not be read to the end: nothing changed. Look for it on Paystack's dashboard by the payment's reference."
              : `Paystack still says it ${SAID[refund.status]}: nothing changed.`;
  return { message, refund };
}

export function scheduleRefundRecheck(app: FastifyInstance) {
  app.jobs.add({ name: 'refund-recheck', everyMs: SWEEP_MS, run: (now) => recheckWaitingRefunds(app, now) });
}
