import type { ApprovalPendingAnswer } from '@coop/core/contracts';
import { Link } from 'react-router';
import { approvalPath } from '../../common/admin-paths';

/** A request that waits for a second administrator: what it is and where to see it. */
export function PendingAnswer({ answer }: { answer: ApprovalPendingAnswer }) {
  return (
    <p
      className="rounded-md border border-amber-900/30 bg-amber-100 px-3 py-2 text-sm text-amber-900"
      role="status"
    >
      {answer.message}{' '}
      <Link to={approvalPath(answer.approval.id)} className="font-semibold underline underline-offset-2">
        See request #{answer.approval.id}
      </Link>
    </p>
  );
}

/** A request of this batch that already waits (made earlier, or by someone else). */
export function WaitingRequest({ id, what }: { id: number; what: string }) {
  return (
    <p
      className="rounded-md border border-amber-900/30 bg-amber-100 px-3 py-2 text-sm text-amber-900"
      role="status"
    >
      {what} waits for a second administrator; nothing moves before.{' '}
      <Link to={approvalPath(id)} className="font-semibold underline underline-offset-2">
        See request #{id}
      </Link>
    </p>
  );
}

export const isPending = (answer: object): answer is ApprovalPendingAnswer => 'approval' in answer;
