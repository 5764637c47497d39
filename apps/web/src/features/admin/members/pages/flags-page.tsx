import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { FLAGS_PAGE_SIZE, useFlags, type FlagState } from '../api/get-flags';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { FlagCard } from '../components/flag-card';
import { FlagGroups } from '../components/flag-groups';
import { StatusFilter, useFilteredPages } from '../../common/components/status-filter';

const filters: { value: FlagState; label: string }[] = [
  { value: 'open', label: 'Waiting for review' },
  { value: 'cleared', label: 'Cleared' },
];

/** Fraud signals the platform raised; an administrator checks each and clears it with a note. */
export function FlagsPage() {
  const { status, chooseStatus, page, setPage } = useFilteredPages<FlagState>('open');
  const flags = useFlags(status, page);
  return (
    <>
      <AdminPageTitle lead="Raised automatically at sign-up and when bank details are saved. A flag never blocks a sign-up or a payment. Payouts wait only where the same person is likely on both sides (a bank account or phone shared with the sponsor, up the chain or with another member) or where an administrator holds them; a shared address is a signal to look at.">
        Fraud Flags
      </AdminPageTitle>
      {status === 'open' && <FlagGroups />}
      <StatusFilter filters={filters} value={status} onChange={chooseStatus} />
      <QueryState query={flags} label="the fraud flags">
        {(list) =>
          list.total === 0 ? (
            <p className="text-slate-600">
              {status === 'open' ? 'No flag is waiting for review.' : 'No flag has been cleared yet.'}
            </p>
          ) : (
            <>
              <ul className="space-y-3">
                {list.items.map((f) => (
                  <FlagCard key={f.id} flag={f} />
                ))}
              </ul>
              <Pager page={page} total={list.total} pageSize={FLAGS_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
