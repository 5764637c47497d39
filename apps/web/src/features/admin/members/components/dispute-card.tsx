import { disputeAnswerSchema, type Dispute } from '@coop/core/contracts';
import { Link } from 'react-router';
import { formatDateTime, naira } from '../../../../components/display/format';
import {
  errorMessage,
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  useZodForm,
} from '../../../../components/form';
import { memberRecordPath } from '../../common/admin-paths';
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

function AnswerForm({ dispute }: { dispute: Dispute }) {
  const form = useZodForm(disputeAnswerSchema, {
    answer: 'contest',
    note: dispute.refundedInFull ? refundEvidence(dispute) : '',
  });
  const answer = useAnswerDispute();
  const onSubmit = form.handleSubmit((values) => answer.mutate({ id: dispute.id, ...values }));
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
      <SubmitButton pending={answer.isPending} pendingLabel="Sending to Paystack..." className="sm:w-auto">
        Send the answer to Paystack
      </SubmitButton>
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
          {dispute.answer.answer === 'accept' ? 'Accepted' : 'Contested'} by {adminName(dispute.answer.by)} on{' '}
          {formatDateTime(dispute.answer.at)}
          {dispute.answer.sent ? '' : ' (being sent to Paystack)'}: “{dispute.answer.note}”
        </p>
      )}
      <p className="mt-2 text-sm">
        <a className="text-brand-800 underline" href={dispute.dashboardUrl} target="_blank" rel="noreferrer">
          See it in Paystack’s dashboard
        </a>
      </p>
      {dispute.open && !dispute.answer && <AnswerForm dispute={dispute} />}
    </li>
  );
}
