import type { Refund } from '@coop/core/contracts';
import { formatDateTime, naira } from '../../../../components/display/format';
import { StatusBadge } from '../../common/components/status-badge';

const WORDS: Record<Refund['status'], string> = {
  sending: 'Being sent to Paystack.',
  pending: 'Paystack has queued it.',
  processing: 'Paystack is paying it back.',
  'needs-attention': "Paystack needs the customer's bank details: finish it on Paystack's dashboard.",
  processed: 'Paid back to the card or account the member paid with.',
  failed:
    'It did not go through: nothing left the company, and the payment is back on the list awaiting refund.',
};

/** Every refund of the payment, newest first, with who asked, who approved and Paystack's last word. */
export function RefundHistory({ refunds }: { refunds: Refund[] }) {
  if (refunds.length === 0)
    return <p className="text-sm text-slate-600">No refund has been made of this payment.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {refunds.map((r) => (
        <li key={r.id} className="space-y-1 p-3" data-testid="refund">
          <p className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold tabular-nums">{naira(r.amount)}</span>
            <StatusBadge status={r.status} />
          </p>
          <p className="text-sm text-slate-800">{WORDS[r.status]}</p>
          <p className="text-sm break-words text-slate-700">Reason: {r.reason}</p>
          <p className="text-xs break-words text-slate-500">
            Refund #{r.id} · asked by {r.requestedBy ?? 'an administrator'}
            {r.approvedBy && ` · approved by ${r.approvedBy}`} · {formatDateTime(r.createdAt)}
            {r.endedAt && ` · ended ${formatDateTime(r.endedAt)}`}
            {r.providerNote && ` · ${r.providerNote}`}
          </p>
        </li>
      ))}
    </ul>
  );
}
