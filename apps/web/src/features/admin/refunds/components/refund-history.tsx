import type { Refund } from '@coop/core/contracts';
import { RefundItem } from '../../common/components/refund-item';

/** Every refund of the payment, newest first, with who asked, who approved and Paystack's last word. */
export function RefundHistory({ refunds }: { refunds: Refund[] }) {
  if (refunds.length === 0)
    return <p className="text-sm text-slate-600">No refund has been made of this payment.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {refunds.map((r) => (
        <li key={r.id} className="p-3">
          <RefundItem refund={r} />
        </li>
      ))}
    </ul>
  );
}
