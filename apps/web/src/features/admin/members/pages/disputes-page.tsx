import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { StatusFilter, useFilteredPages } from '../../common/components/status-filter';
import { DISPUTES_PAGE_SIZE, useDisputes, type DisputeState } from '../api/get-disputes';
import { DisputeCard } from '../components/dispute-card';

const filters: { value: DisputeState; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

/** Disputes of members' card payments (chargebacks), as Paystack reports them; answered here or in Paystack's dashboard. */
export function DisputesPage() {
  const { status, chooseStatus, page, setPage } = useFilteredPages<DisputeState>('open', filters);
  const disputes = useDisputes(status, page);
  return (
    <>
      <AdminPageTitle lead="A card holder's bank has questioned one of our payments. Paystack needs our answer by the due date: contest it when the member received the membership, or accept it to give the money back. The member's payouts and cash-outs wait until Paystack resolves it.">
        Disputes
      </AdminPageTitle>
      <StatusFilter filters={filters} value={status} onChange={chooseStatus} />
      <QueryState query={disputes} label="the disputes">
        {(list) =>
          list.total === 0 ? (
            <p className="text-slate-600">
              {status === 'open' ? 'No dispute is open.' : 'No dispute here yet.'}
            </p>
          ) : (
            <>
              <ul className="space-y-3">
                {list.items.map((d) => (
                  <DisputeCard key={d.id} dispute={d} />
                ))}
              </ul>
              <Pager page={page} total={list.total} pageSize={DISPUTES_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
