import type { Approval } from '@coop/core/contracts';
import { naira } from '../../../../components/display/format';

/**
 * What a request set aside from a member's wallet when it was made (a cash-out above the threshold, decision 0040),
 * and where that money is now: set aside while it waits, the cash-out once approved, back in the wallet otherwise.
 */
export function HeldMoney({ approval, own }: { approval: Approval; own: boolean }) {
  if (!approval.held) return null;
  const amount = naira(approval.held);
  const whose = approval.target ? `${approval.target.fullName}'s wallet` : "the member's wallet";
  const cash = approval.kind === 'cash_out';
  const words = {
    pending: `${amount} is set aside from ${whose} until this is decided, so a payout run or another cash-out cannot pay it too. ${
      cash
        ? own
          ? 'Hand the cash over only once another administrator approves.'
          : 'Approving lets the administrator who asked hand the cash over.'
        : ''
    }`,
    approved: `The ${amount} set aside ${cash ? `is the cash-out${own ? ': hand the cash over now' : ''}` : 'was used'}.`,
    declined: `The ${amount} set aside went back to ${whose}${cash ? ': no cash is to be handed over' : ''}.`,
    failed: `The ${amount} set aside went back to ${whose}${cash ? ': no cash is to be handed over' : ''}.`,
  } as const;
  return (
    <p
      className={`mt-2 rounded-md border p-3 text-sm ${approval.status === 'approved' ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 bg-slate-50 text-slate-900'}`}
      data-testid="approval-held"
    >
      <span className="font-semibold">
        {approval.status === 'pending' ? 'Set aside: ' : 'Set aside when asked: '}
      </span>
      {words[approval.status].trim()}
    </p>
  );
}
