import { disputeAnswerSchema, type Dispute, type DisputeAnswerInput } from '@coop/core/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, naira } from '../../../../components/display/format';
import {
  errorMessage,
  FormMessage,
  ConfirmButtons,
  SelectField,
  SubmitButton,
  TextAreaField,
  useZodForm,
} from '../../../../components/form';
import { approvalPath, memberRecordPath } from '../../common/admin-paths';
import { useApprovalSettings } from '../../common/api/get-approval-settings';
import { isPendingApproval } from '../../common/components/approval-notice';
import { useAnswerDispute } from '../api/answer-dispute';
import { adminName } from '../../common/admin-name';

const answers = [
  { value: 'contest', label: 'Contest: the member received the service' },
  { value: 'accept', label: 'Accept: the amount goes back to the customer' },
] as const;

// A payment refunded in full: the refund is the answer, so contesting with it is all the form offers (the server
// refuses an acceptance too, decision 0056).
const refundedAnswers = [{ value: 'contest', label: 'Contest with the refund' }] as const;

const refundStatusText: Record<Dispute['refunds'][number]['status'], string> = {
  sending: 'being sent to Paystack',
  pending: 'pending at Paystack',
  processing: 'processing at Paystack',
  'needs-attention': 'needs attention at Paystack',
  processed: 'processed',
  failed: 'failed',
};

/** The note a contest of a refunded payment starts from: the refunds with Paystack's ids, for Paystack to check. */
function refundEvidence(dispute: Dispute) {
  const refunds = dispute.refunds
    .filter((r) => r.status !== 'failed')
    .map(
      (r) =>
        `${naira(r.amount)}${r.providerRefundId === null ? '' : ` (Paystack refund ${r.providerRefundId})`}`,
    );
  return `The payment ${dispute.payment.reference} was refunded in full before this dispute: ${refunds.join(', ')}.`;
}

/** The payment's refunds beside the dispute: what already went back, or is going back, to the customer. */
function PaymentRefunds({ dispute }: { dispute: Dispute }) {
  if (dispute.refunds.length === 0) return null;
  return (
    <div className="mt-2 text-sm text-slate-700" data-testid="dispute-refunds">
      <p className="font-semibold">
        {dispute.refundedInFull ? 'Refunded in full before: ' : 'Refunds of this payment: '}
      </p>
      <ul className="ml-4 list-disc">
        {dispute.refunds.map((r) => (
          <li key={r.id} data-status={r.status}>
            {naira(r.amount)} {refundStatusText[r.status]}
            {r.providerRefundId === null ? '' : `, Paystack refund ${r.providerRefundId}`}, asked{' '}
            {formatDateTime(r.createdAt)}
            {r.endedAt && r.status === 'processed' ? `, processed ${formatDateTime(r.endedAt)}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What accepting gives back: the amount in dispute less what refunds already gave back (the server's rule too). */
function acceptAmount(dispute: Dispute) {
  const kobo = (n: string) => Math.round(Number(n) * 100);
  const refunded = dispute.refunds
    .filter((r) => r.status !== 'failed')
    .reduce((sum, r) => sum + kobo(r.amount), 0);
  return (Math.max(0, kobo(dispute.amount) - refunded) / 100).toFixed(2);
}

/**
 * Accepting sends money back to the card, so it is asked for confirmation first, in the house's words (the amber
 * question with Confirm and Cancel), and then waits for a second administrator where two decide (decision 0057).
 */
function AcceptConfirmation({
  dispute,
  pending,
  onConfirm,
  onCancel,
}: {
  dispute: Dispute;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const needsApproval = useApprovalSettings().data?.singleAdmin === false;
  return (
    <div
      role="group"
      aria-labelledby={`accept-question-${dispute.id}`}
      className="rounded-lg border border-amber-900/30 bg-amber-100 p-4"
      data-testid="accept-confirmation"
    >
      <p id={`accept-question-${dispute.id}`} className="font-semibold text-amber-900">
        Accept the claim? {naira(acceptAmount(dispute))} goes back to the card holder through Paystack, and
        the member’s fee is taken back.{' '}
        {needsApproval
          ? 'A second administrator must approve it on the Approvals page first: nothing is sent to Paystack until then.'
          : 'It is sent to Paystack at once.'}
      </p>
      <ConfirmButtons
        label={needsApproval ? 'Ask for approval' : 'Accept and send to Paystack'}
        pending={pending}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </div>
  );
}

function AnswerForm({ dispute }: { dispute: Dispute }) {
  const form = useZodForm(disputeAnswerSchema, {
    answer: 'contest',
    note: dispute.refundedInFull ? refundEvidence(dispute) : '',
  });
  const answer = useAnswerDispute();
  const [confirming, setConfirming] = useState<DisputeAnswerInput | null>(null);
  const send = (values: DisputeAnswerInput) =>
    answer.mutate({ id: dispute.id, ...values }, { onSettled: () => setConfirming(null) });
  // A contest sends no money: sent at once. An acceptance is confirmed first.
  const onSubmit = form.handleSubmit((values) =>
    values.answer === 'accept' ? setConfirming(values) : send(values),
  );
  const waiting = answer.data && isPendingApproval(answer.data) ? answer.data.message : null;
  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3 border-t border-slate-200 pt-3">
      {dispute.refundedInFull && (
        <p className="text-sm font-semibold text-slate-800" data-testid="dispute-refunded-advice">
          Accepting would send the money out a second time: contest the dispute and give the refund as
          evidence.
        </p>
      )}
      <SelectField
        label="Your answer to Paystack"
        options={dispute.refundedInFull ? refundedAnswers : answers}
        error={form.formState.errors.answer}
        {...form.register('answer')}
      />
      <TextAreaField
        label="Note for Paystack (kept in the audit log)"
        rows={dispute.refundedInFull ? 5 : 3}
        error={form.formState.errors.note}
        {...form.register('note')}
      />
      {confirming ? (
        <AcceptConfirmation
          dispute={dispute}
          pending={answer.isPending}
          onConfirm={() => send(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : (
        <SubmitButton pending={answer.isPending} pendingLabel="Sending to Paystack..." className="sm:w-auto">
          Send the answer to Paystack
        </SubmitButton>
      )}
      {waiting && <FormMessage tone="success" message={waiting} />}
      {answer.isError && <FormMessage tone="error" message={errorMessage(answer.error)} />}
    </form>
  );
}

/** One dispute: Paystack's status and due date, the member and the payment, our answer or the form to give it. */
export function DisputeCard({ dispute, showMember = true }: { dispute: Dispute; showMember?: boolean }) {
  return (
    <li
      className={`rounded-lg border bg-white p-4 shadow-sm ${dispute.open ? 'border-red-400' : 'border-slate-200'}`}
      data-testid="dispute"
    >
      <p className="font-semibold text-slate-900">
        {naira(dispute.amount)} disputed · {dispute.statusText}
      </p>
      {showMember && (
        <p className="mt-1 break-words">
          <Link className="font-semibold text-brand-800 underline" to={memberRecordPath(dispute.member.id)}>
            {dispute.member.fullName}
          </Link>{' '}
          <span className="text-sm break-all text-slate-600">{dispute.member.email}</span>
        </p>
      )}
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline font-semibold">Payment: </dt>
          <dd className="inline">
            <span className="break-all">{dispute.payment.reference}</span> ({naira(dispute.payment.amount)}
            {dispute.payment.paidAt ? `, paid ${formatDateTime(dispute.payment.paidAt)}` : ''})
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Paystack dispute: </dt>
          <dd className="inline">
            {dispute.paystackId} ({dispute.category ?? 'no category'}, status {dispute.status})
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Answer due: </dt>
          <dd className="inline">
            {dispute.dueAt ? formatDateTime(dispute.dueAt) : 'not given by Paystack'}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">{dispute.resolvedAt ? 'Resolved: ' : 'Raised: '}</dt>
          <dd className="inline">{formatDateTime(dispute.resolvedAt ?? dispute.raisedAt)}</dd>
        </div>
      </dl>
      <PaymentRefunds dispute={dispute} />
      {dispute.open && (
        <p className="mt-2 text-sm font-semibold text-red-800">
          This member’s payouts and cash-outs wait until Paystack resolves the dispute.
        </p>
      )}
      {dispute.answer && (
        <p className="mt-2 text-sm text-slate-700">
          {dispute.answer.answer === 'accept' ? 'Accepted' : 'Contested'} by {adminName(dispute.answer.by)}
          {dispute.approvedBy ? `, approved by ${adminName(dispute.approvedBy)},` : ''} on{' '}
          {formatDateTime(dispute.answer.at)}
          {dispute.answer.sent ? '' : ' (being sent to Paystack)'}: “{dispute.answer.note}”
        </p>
      )}
      {dispute.acceptRequest && !dispute.answer && (
        <p
          className="mt-2 rounded-md border border-amber-900/30 bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-900"
          data-testid="dispute-accept-waiting"
        >
          Acceptance asked on {formatDateTime(dispute.acceptRequest.askedAt)}: it waits for a second
          administrator’s approval (
          <Link className="underline" to={approvalPath(dispute.acceptRequest.id)}>
            request #{dispute.acceptRequest.id}
          </Link>
          ). Nothing is sent to Paystack until it is approved.
        </p>
      )}
      {dispute.lost && (
        <p
          className="mt-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
          data-testid="dispute-lost"
        >
          <span className="font-semibold">Chargeback: {naira(dispute.lost.amount)} taken back</span> by the
          card holder’s bank, in the books on {formatDateTime(dispute.lost.at)}.{' '}
          {dispute.lost.memberHeld
            ? `Paid out to the member before: ${naira(dispute.lost.paidOutBefore)}, owed by them and not recovered automatically. The position stays; the member’s payouts and cash-outs wait until an administrator has reviewed the account (decision 0057).`
            : 'The payment had placed no position: the chargeback paid back what was owed to the payer, and nothing is held.'}
        </p>
      )}
      <p className="mt-2 text-sm">
        <a className="text-brand-800 underline" href={dispute.dashboardUrl} target="_blank" rel="noreferrer">
          See it in Paystack’s dashboard
        </a>
      </p>
      {dispute.open && !dispute.answer && !dispute.acceptRequest && <AnswerForm dispute={dispute} />}
    </li>
  );
}
