import { formatNaira } from '@coop/core';
import { useCurrentPlan } from '../../../../lib/plans-context';
import { formatDateTime, naira } from '../../../../components/display/format';
import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { GRANTS_PAGE_SIZE, useGrants } from '../api/get-grants';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { ApprovalNotice } from '../../common/components/approval-notice';
import { GrantDecision } from '../components/grant-decision';
import { StatusBadge } from '../../common/components/status-badge';
import { StatusFilter, useFilteredPages } from '../../common/components/status-filter';
import type { GrantStatus } from '../../common/types';

const filters: { value: GrantStatus | ''; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
  { value: 'withdrawn', label: 'Withdrawn' },
  { value: '', label: 'All' },
];

/** Executive grant applications (Main stage 5), pending first, with approve or decline. */
export function GrantsPage() {
  // The version in force (decision 0059); each member asks under their own version's ceiling, which the server checks.
  const grant = useCurrentPlan('main').grant;
  const { status, chooseStatus, page, setPage } = useFilteredPages<GrantStatus | ''>('pending', filters);
  const grants = useGrants(status, page);
  return (
    <>
      <AdminPageTitle
        lead={`${grant ? `Executive members (Main stage ${grant.stage}) may apply for a grant of up to ${formatNaira(grant.ceilingKobo)} under the version in force; a member who joined under an earlier version asks under its ceiling. ` : ''}Each decision is recorded in the audit log.`}
      >
        Grant Applications
      </AdminPageTitle>
      <ApprovalNotice what="grant approvals" />
      <StatusFilter filters={filters} value={status} onChange={chooseStatus} />
      <QueryState query={grants} label="the grant applications">
        {(list) =>
          list.total === 0 ? (
            <p className="text-slate-600">No {status || ''} application.</p>
          ) : (
            <>
              <ul className="space-y-3">
                {list.items.map((g) => (
                  <li
                    key={g.id}
                    className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                    data-testid="grant"
                  >
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <p className="font-semibold break-words text-slate-900">
                        {g.fullName}{' '}
                        <span className="text-sm font-normal break-all text-slate-600">{g.email}</span>
                      </p>
                      <StatusBadge status={g.status} />
                    </div>
                    <p className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{naira(g.amount)}</p>
                    <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{g.purpose}</p>
                    <p className="mt-1 text-sm text-slate-600">
                      Applied {formatDateTime(g.createdAt)}
                      {g.decidedAt && ` · decided ${formatDateTime(g.decidedAt)}`}
                    </p>
                    {g.decisionNote && <p className="mt-1 text-sm text-slate-700">Note: {g.decisionNote}</p>}
                    {g.status === 'pending' && <GrantDecision grant={g} />}
                  </li>
                ))}
              </ul>
              <Pager page={page} total={list.total} pageSize={GRANTS_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
