import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { useSession } from '../../../../components/session/use-session';
import { useApprovals, type ApprovalFilter } from '../api/get-approvals';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { ApprovalCard } from '../components/approval-card';
import { ApprovalNotice } from '../../common/components/approval-notice';
import { StatusFilter, useFilteredPages } from '../../common/components/status-filter';

const filters: { value: ApprovalFilter; label: string }[] = [
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
  { value: 'failed', label: 'Failed' },
  { value: '', label: 'All' },
];

/** Requests that wait for a second administrator: large cash-outs, payout runs, grant approvals, role changes. */
export function ApprovalsPage() {
  const { status, chooseStatus, page, setPage } = useFilteredPages<ApprovalFilter>('pending');
  const approvals = useApprovals(status, page);
  const user = useSession()?.user;
  return (
    <>
      <AdminPageTitle lead="An administrator's large cash-out, payout run, grant approval or role change is carried out only when a second administrator approves it here. You cannot approve your own request. Both steps are in the audit log.">
        Approvals
      </AdminPageTitle>
      <ApprovalNotice
        what="these acts"
        waiting="nothing moves until then, except that a large cash-out sets its amount aside from the member’s wallet when asked (given back if it is declined or withdrawn)."
      />
      <StatusFilter filters={filters} value={status} onChange={chooseStatus} />
      <QueryState query={approvals} label="the approval requests">
        {(list) =>
          list.total === 0 ? (
            <p className="text-slate-600">
              No {status === 'pending' ? 'request is waiting' : `${status} request`}.
            </p>
          ) : (
            <>
              <ul className="space-y-3">
                {list.items.map((approval) => (
                  <ApprovalCard key={approval.id} approval={approval} viewerId={user?.id} />
                ))}
              </ul>
              <Pager page={page} total={list.total} pageSize={list.pageSize} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
