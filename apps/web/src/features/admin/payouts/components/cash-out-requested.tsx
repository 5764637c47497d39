import type { Approval } from '@coop/core/contracts';
import { Link } from 'react-router';
import { formatDateTime, naira } from '../../../../components/display/format';
import { approvalPath } from '../../common/admin-paths';
import { ApprovalOverlaps } from '../../common/components/approval-overlaps';

/**
 * The cash-out just asked for (decision 0040): what is set aside, and that the cash is handed over only once a second
 * administrator approves. Other waiting requests that name the member are shown as the checker sees them.
 */
export function CashOutRequested({ approval }: { approval: Approval }) {
  return (
    <section
      aria-labelledby="cash-out-requested"
      className="rounded-lg border border-amber-900/30 bg-amber-50 p-4"
      data-testid="cash-out-requested"
    >
      <h2 id="cash-out-requested" className="font-bold text-amber-900">
        Asked: request #{approval.id} waits for a second administrator
      </h2>
      <p className="mt-1 font-semibold text-slate-900">
        Do not hand over the cash until the request is approved.
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {approval.target && (
          <>
            <dt className="text-slate-700">Member</dt>
            <dd className="font-semibold break-all text-slate-900">
              {approval.target.fullName} ({approval.target.email})
            </dd>
          </>
        )}
        {approval.amount && (
          <>
            <dt className="text-slate-700">Amount</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{naira(approval.amount)}</dd>
          </>
        )}
        {approval.held && (
          <>
            <dt className="text-slate-700">Set aside</dt>
            <dd className="text-slate-900">
              {naira(approval.held)} from the wallet now: payout runs leave it out
            </dd>
          </>
        )}
        <dt className="text-slate-700">Asked</dt>
        <dd className="text-slate-900">{formatDateTime(approval.createdAt)}</dd>
      </dl>
      <p className="mt-2 text-sm text-slate-800">
        Once it is approved, hand the cash over: it is recorded in your name. If it is declined, withdrawn or
        cannot be carried out, the amount goes back to the wallet and you and the member are told.
      </p>
      <ApprovalOverlaps overlaps={approval.overlaps} />
      <p className="mt-2">
        <Link
          to={approvalPath(approval.id)}
          className="font-semibold text-brand-900 underline underline-offset-2"
        >
          Open request #{approval.id}
        </Link>
      </p>
    </section>
  );
}
