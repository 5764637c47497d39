import { formatNaira, programmeName, type Programme, DomainError } from '@coop/core';
import type { DisputeAnswerInput } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { PaymentProvider } from '../../adapters/payments';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { PaymentProviderError } from '../../adapters/payments';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import { paymentFacts } from '../payments/payment-fragments';
import type { SignedInAccount } from '../../plugins/auth';
import { recordAudit } from '../audit/record-audit';
import { releaseDisputeHold } from './dispute-hold';
import { bookLostDispute } from './dispute-loss';
import { isOpen } from './dispute-words';
import { disputeById } from './dispute-list';
import type { Dispute } from '@coop/core/contracts';

interface Claimed {
  paystack_id: string;
  account_id: string;
  refund_amount_kobo: string;
  reference: string;
  amount_kobo: string;
  paid_at: Date | string | null;
  placed: boolean;
  full_name: string;
  email: string;
  phone: string;
  programme: Programme;
}

/** The payment's refunds in words, with Paystack's refund ids: the evidence that the money went back already. */
export function refundsInWords(refunds: Dispute['refunds']) {
  return refunds
    .filter((r) => r.status !== 'failed')
    .map(
      (r) =>
        `Refund of ${formatNaira(Math.round(Number(r.amount) * 100))}${r.providerRefundId === null ? '' : ` (Paystack refund ${r.providerRefundId})`}, asked on ${r.createdAt.slice(0, 10)}: ${r.status === 'processed' ? `processed${r.endedAt ? ` on ${r.endedAt.slice(0, 10)}` : ''}` : `${r.status} at Paystack`}.`,
    );
}

/**
 * Refuses an acceptance that cannot go to Paystack now: a dispute resolved or answered already, and a payment
 * already refunded in full, whose acceptance would send the same money out a second time: the refund is the
 * answer, given as evidence in a contest (decision 0056).
 */
export function assertAcceptable(dispute: Dispute) {
  if (!dispute.open) throw new DomainError('dispute_resolved', 'Paystack has already resolved this dispute.');
  if (dispute.answer)
    throw new DomainError(
      'dispute_answered',
      `This dispute has already been ${dispute.answer.answer === 'accept' ? 'accepted' : 'contested'}.`,
    );
  if (dispute.refundedInFull)
    throw new DomainError(
      'dispute_refunded',
      `Payment ${dispute.payment.reference} was already refunded in full: ${refundsInWords(dispute.refunds).join(' ')} Accepting the dispute would send the money out a second time: contest it instead and give the refund as evidence.`,
    );
}

/**
 * What accepting gives back: the amount in dispute less what refunds already gave back or are giving (all but failed
 * ones), so a payment partly refunded is not paid out twice; Paystack's resolve takes it as its refund_amount.
 */
export function acceptAmountKobo(dispute: Pick<Dispute, 'amount' | 'refunds'>) {
  const kobo = (naira: string) => Math.round(Number(naira) * 100);
  const refunded = dispute.refunds
    .filter((r) => r.status !== 'failed')
    .reduce((s, r) => s + kobo(r.amount), 0);
  return Math.max(0, kobo(dispute.amount) - refunded);
}

/** What the member paid for and received, in plain text: the statement uploaded with the answer. */
function statementOf(c: Claimed, siteName: string, note: string, refunds: Dispute['refunds'] = []) {
  const paid = c.paid_at ? new Date(c.paid_at).toISOString().slice(0, 10) : 'an unknown date';
  const refunded = refundsInWords(refunds);
  return [
    `${siteName}: membership of the ${programmeName(c.programme)}.`,
    `${c.full_name} (${c.email}) paid ${formatNaira(Number(c.amount_kobo))} on ${paid}, payment reference ${c.reference}.`,
    c.placed
      ? 'The payment was confirmed and the membership position was placed: the member has used the service since.'
      : 'No membership position was placed for this payment.',
    ...(refunded.length > 0
      ? ['The payment was refunded to the customer before this dispute:', ...refunded]
      : []),
    `Our note: ${note}`,
  ].join('\n');
}

/**
 * An administrator accepts or contests a dispute through Paystack's dispute API, once. The answer is claimed on the
 * row first (one conditional update), so a second press or a second administrator gets 409 and Paystack is called
 * once; if Paystack refuses or cannot be reached the claim is given back and nothing is recorded as sent. Audited.
 * Paystack's answer is applied like its resolve event: a resolved dispute releases the member's hold.
 */
export async function answerDispute(
  deps: { db: Db; payments: PaymentProvider; config: Pick<Config, 'site'> },
  admin: SignedInAccount,
  disputeId: number,
  input: DisputeAnswerInput,
  /** The second administrator who approved an acceptance (disputes/dispute-approval.ts); null when none was needed. */
  approvedBy: string | null = null,
) {
  const current = await disputeById(deps.db, disputeId, '');
  // A payment already refunded in full: accepting would send the same money out a second time (decision 0056).
  if (input.answer === 'accept' && current?.refundedInFull && current.open && !current.answer)
    assertAcceptable(current);
  const refunds = current?.refunds ?? [];
  const [claimed] = await queryRows<Claimed>(
    deps.db,
    sql`with c as (update disputes set answer = ${input.answer}, answer_note = ${input.note}, answered_by = ${admin.id}, approved_by = ${approvedBy}, answered_at = now(), updated_at = now()
                   where id = ${disputeId} and answer is null and status <> 'resolved' returning *)
        select c.paystack_id, c.account_id, c.refund_amount_kobo, p.reference, p.amount_kobo, p.paid_at, p.placed,
               a.full_name, a.email, a.phone, a.programme
        from c join lateral ${paymentFacts({ id: sql`c.payment_id` })} p on true
        ${accountColumnsJoin('a', sql`c.account_id`, ['full_name', 'email', 'phone', 'programme'])}`,
  );
  if (!claimed) {
    const [d] = await queryRows<{ status: string; answer: string | null }>(
      deps.db,
      sql`select status, answer from disputes where id = ${disputeId}`,
    );
    if (!d) throw new DomainError('dispute_unknown', 'No such dispute.');
    if (d.answer)
      throw new DomainError(
        'dispute_answered',
        `This dispute has already been ${d.answer === 'accept' ? 'accepted' : 'contested'}.`,
      );
    throw new DomainError('dispute_resolved', 'Paystack has already resolved this dispute.');
  }
  const giveBack = () =>
    deps.db.execute(
      sql`update disputes set answer = null, answer_note = null, answered_by = null, approved_by = null, answered_at = null where id = ${disputeId} and answer_sent_at is null`,
    );
  const paystackId = Number(claimed.paystack_id);
  const refundAmountKobo =
    input.answer === 'accept'
      ? Math.min(Number(claimed.refund_amount_kobo), current ? acceptAmountKobo(current) : Infinity)
      : 0;
  let answer;
  try {
    answer = await deps.payments.answerDispute({
      disputeId: paystackId,
      resolution: input.answer === 'accept' ? 'merchant-accepted' : 'declined',
      message: input.note,
      refundAmountKobo,
      statement: statementOf(claimed, deps.config.site.name, input.note, refunds),
      ...(input.answer === 'contest'
        ? {
            evidence: {
              customerEmail: claimed.email,
              customerName: claimed.full_name,
              customerPhone: claimed.phone,
              serviceDetails: statementOf(claimed, deps.config.site.name, input.note, refunds),
            },
          }
        : {}),
    });
  } catch (error) {
    await giveBack();
    if (error instanceof PaymentProviderError)
      throw new DomainError('provider_unavailable', `${error.message} Nothing was recorded: try again.`);
    throw error;
  }
  if ('refused' in answer) {
    await giveBack();
    throw new DomainError('dispute_refused', `Paystack did not take the answer: ${answer.refused}`);
  }
  const taken = answer;
  await deps.db.transaction(async (tx) => {
    const [row] = await queryRows<{ status: string; resolution: string | null }>(
      tx,
      sql`update disputes set answer_sent_at = now(), updated_at = now(),
            refund_amount_kobo = ${input.answer === 'accept' ? refundAmountKobo : sql`refund_amount_kobo`},
            status = case when status = 'resolved' then status else ${taken.status} end,
            resolution = coalesce(${taken.resolution}, resolution), resolved_at = coalesce(${taken.resolvedAt ? new Date(taken.resolvedAt) : null}, resolved_at)
          where id = ${disputeId} returning status, resolution`,
    );
    await recordAudit(tx, {
      actorAccountId: admin.id,
      action: input.answer === 'accept' ? 'dispute_accepted' : 'dispute_contested',
      targetAccountId: claimed.account_id,
      details: {
        disputeId,
        paystackDisputeId: paystackId,
        reference: claimed.reference,
        note: input.note,
        ...(approvedBy === null ? {} : { approvedBy }),
        paystackStatus: taken.status,
        resolution: taken.resolution,
      },
    });
    if (!isOpen(row!.status)) {
      await releaseDisputeHold(tx, {
        paystackId,
        accountId: claimed.account_id,
        resolution: row!.resolution,
      });
      // Accepted and resolved at once: the money left, so it enters the books now (once, decision 0057).
      await bookLostDispute(tx, disputeId);
    }
  });
  return input.answer === 'accept'
    ? 'Paystack has the answer: the claim is accepted.'
    : 'Paystack has the answer: the claim is contested.';
}
