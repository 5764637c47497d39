import type { Refund } from '@coop/core/contracts';
import { errorMessage, FormMessage } from '../../../../components/form';
import { formatDate, formatDateTime, naira } from '../../../../components/display/format';
import { useCheckRefund } from '../api/check-refund';
import { StatusBadge } from './status-badge';
import { adminName } from '../admin-name';

const WORDS: Record<Refund['status'], string> = {
  sending: 'Being sent to Paystack.',
  pending: 'Paystack has queued it.',
  processing: 'Paystack is paying it back.',
  'needs-attention': "Paystack needs the customer's bank details: finish it on Paystack's dashboard.",
  processed: 'Paid back to the card or account the member paid with.',
  failed:
    'It did not go through: nothing left the company, and the payment is back on the list awaiting refund.',
};

/** "5 hours", "3 days": how long a refund has waited for Paystack's outcome. */
function waitedFor(hours: number) {
  if (hours < 1) return 'less than an hour';
  if (hours < 48) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * One refund: the amount, Paystack's status and word, who asked and approved. One that waits for Paystack shows
 * how long, Paystack's refund id, when Paystack was last asked and its expected date, and "Ask Paystack now".
 */
export function RefundItem({ refund: r }: { refund: Refund }) {
  const check = useCheckRefund();
  const waiting = r.waitingHours !== null;
  return (
    <div className="space-y-1" data-testid="refund">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold tabular-nums">{naira(r.amount)}</span>
        <StatusBadge status={r.status} />
      </p>
      <p className="text-sm text-slate-800">{WORDS[r.status]}</p>
      <p className="text-sm break-words text-slate-700">Reason: {r.reason}</p>
      {waiting && (
        <div
          className="rounded-md border border-amber-900/30 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="refund-waiting"
        >
          <p>
            <span className="font-semibold">Waiting {waitedFor(r.waitingHours!)}</span> for Paystack&apos;s
            outcome
            {r.providerRefundId !== null ? (
              <>
                {' '}
                · Paystack refund <span className="font-mono">{r.providerRefundId}</span>
              </>
            ) : (
              ' · Paystack has not told us its refund id'
            )}
          </p>
          <p className="text-xs text-amber-900">
            {r.checkedAt
              ? `Last asked Paystack ${formatDateTime(r.checkedAt)}`
              : 'Paystack not asked since it was sent'}
            {r.expectedAt && ` · Paystack expects it back with the payer by ${formatDate(r.expectedAt)}`}
          </p>
          {r.providerRefundId === null && (
            <p className="mt-1 text-xs text-amber-900">
              Its answer was lost on the way: asking looks for it in Paystack&apos;s list of refunds by the
              payment&apos;s reference, and marks it not sent if Paystack has none.
            </p>
          )}
          <button
            type="button"
            disabled={check.isPending}
            onClick={() => check.mutate(r.id)}
            className="mt-2 min-h-11 rounded-md border border-brand-800 bg-white px-4 font-semibold text-brand-900 hover:bg-brand-50 disabled:opacity-70"
          >
            {check.isPending ? 'Asking Paystack...' : 'Ask Paystack now'}
          </button>
        </div>
      )}
      {/* Outside the waiting box: an answer that decides the refund ends the box, not the answer's words. */}
      {check.isSuccess && <FormMessage tone="success" message={check.data.message} />}
      {check.isError && <FormMessage tone="error" message={errorMessage(check.error)} />}
      {!waiting && r.providerRefundId !== null && (
        <p className="text-xs text-slate-500">
          Paystack refund <span className="font-mono">{r.providerRefundId}</span>
        </p>
      )}
      <p className="text-xs break-words text-slate-500">
        Refund #{r.id} · asked by {adminName(r.requestedBy)}
        {r.approvedBy && ` · approved by ${adminName(r.approvedBy)}`} · {formatDateTime(r.createdAt)}
        {r.endedAt && ` · ended ${formatDateTime(r.endedAt)}`}
        {r.providerNote && ` · ${r.providerNote}`}
      </p>
    </div>
  );
}
