import { programmeName } from '@coop/core';
import { formatDate, formatDateTime, naira } from '../../../../components/display/format';
import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { AWARDS_PAGE_SIZE, useAwards, type AwardFilter } from '../api/get-awards';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { DeliverAwardButton } from '../components/deliver-award-button';
import { StatusBadge } from '../../common/components/status-badge';
import { StatusFilter, useFilteredPages } from '../../common/components/status-filter';

const filters: { value: AwardFilter; label: string }[] = [
  { value: 'pending', label: 'To deliver' },
  { value: 'delivered', label: 'Delivered' },
  { value: '', label: 'All' },
];

/** Non-cash awards (laptop, car, house...) members have earned: the queue to hand over, oldest first. */
export function AwardsPage() {
  const { status, chooseStatus, page, setPage } = useFilteredPages<AwardFilter>('pending', filters);
  const awards = useAwards(status, page);
  return (
    <>
      <AdminPageTitle lead="Awards are never paid into the wallet. Mark each one delivered when the member has received it; it is recorded in the audit log.">
        Awards
      </AdminPageTitle>
      <StatusFilter filters={filters} value={status} onChange={chooseStatus} />
      <QueryState query={awards} label="the awards">
        {(list) =>
          list.total === 0 ? (
            <p className="text-slate-600">
              {status === 'pending' ? 'No award is waiting to be delivered.' : 'No award here yet.'}
            </p>
          ) : (
            <>
              <ul className="space-y-3">
                {list.items.map((a) => (
                  <li
                    key={a.id}
                    className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                    data-testid="award"
                  >
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <p className="font-semibold text-slate-900">
                        {a.label}
                        {a.installment > 1 && ` (year ${a.installment})`}
                      </p>
                      <StatusBadge status={a.dueStatus} />
                    </div>
                    <p className="text-xl font-bold text-slate-900 tabular-nums">{naira(a.value)}</p>
                    <p className="mt-1 break-words text-slate-800">
                      {a.fullName} <span className="text-sm break-all text-slate-600">{a.email}</span>
                    </p>
                    <p className="text-sm text-slate-600">
                      {programmeName(a.programme)} · stage {a.stage} · earned {formatDateTime(a.createdAt)}
                      {a.dueAt.slice(0, 10) !== a.createdAt.slice(0, 10) &&
                        ` · ${a.dueStatus === 'upcoming' ? 'falls' : 'fell'} due ${formatDate(a.dueAt)}`}
                      {a.deliveredAt && ` · delivered ${formatDateTime(a.deliveredAt)}`}
                    </p>
                    {a.description && a.description !== a.label && (
                      <p className="mt-1 text-sm text-slate-700">{a.description}</p>
                    )}
                    {a.dueStatus === 'due' && <DeliverAwardButton award={a} />}
                  </li>
                ))}
              </ul>
              <Pager page={page} total={list.total} pageSize={AWARDS_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
