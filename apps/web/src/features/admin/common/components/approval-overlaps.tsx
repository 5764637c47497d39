import type { Approval } from '@coop/core/contracts';
import { Link } from 'react-router';
import { approvalPath } from '../admin-paths';

/**
 * A waiting request's members whom another waiting request names too (a cash-out and a payout run's list): one
 * wallet pays both, so the checker reads which requests and what approving one does to the other.
 */
export function ApprovalOverlaps({ overlaps }: { overlaps: Approval['overlaps'] }) {
  if (overlaps.length === 0) return null;
  return (
    <div
      role="note"
      className="mt-2 rounded-md border border-red-900/40 bg-red-50 p-3 text-sm"
      data-testid="approval-overlaps"
    >
      <p className="font-semibold text-red-900">
        {overlaps.length === 1
          ? 'This member is also in another waiting request'
          : `${overlaps.length} members are also in other waiting requests`}
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-900">
        {overlaps.map((overlap) => (
          <li key={overlap.accountId} className="break-words">
            <span className="font-semibold">{overlap.fullName}</span>:{' '}
            {overlap.requests.map((request, i) => (
              <span key={request.id}>
                {i > 0 && ', '}
                <Link
                  to={approvalPath(request.id)}
                  className="font-semibold text-brand-900 underline underline-offset-2"
                >
                  request #{request.id}
                </Link>{' '}
                ({request.summary})
              </span>
            ))}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-slate-800">
        One wallet pays both. Whichever is approved first is paid from it; a payout run approved after leaves
        out a member whose wallet changed since its list was made, and a cash-out waiting has its amount set
        aside already.
      </p>
    </div>
  );
}
