import { formatDateTime } from '../../../../components/display/format';
import { errorMessage, FormMessage } from '../../../../components/form';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { useFetchSettlements } from '../api/fetch-settlements';
import { useSettlements } from '../api/get-settlements';
import { SettlementsList } from '../components/settlements-list';

/** Paystack's settlements to the company's bank (decision 0058): fetched every three hours, or now. */
export function SettlementsPage() {
  const fetchNow = useFetchSettlements();
  const lastFetchedAt = useSettlements(1).data?.lastFetchedAt ?? null;
  return (
    <>
      <AdminPageTitle lead="Paystack pays the card payments to the company's bank in settlements: the payments less Paystack's fees, less the refunds and chargebacks it took back. Each settlement is one credit on the bank statement: open it, compare, and tick it when you find it.">
        Settlements
      </AdminPageTitle>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <button
            type="button"
            disabled={fetchNow.isPending}
            onClick={() => fetchNow.mutate()}
            className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
          >
            {fetchNow.isPending ? 'Asking Paystack...' : 'Fetch now'}
          </button>
          <p className="text-sm text-slate-700">
            {lastFetchedAt
              ? `Last asked ${formatDateTime(lastFetchedAt)}; asked again every three hours.`
              : 'Paystack is asked every three hours.'}
          </p>
        </div>
        {fetchNow.isSuccess && <FormMessage tone="success" message={fetchNow.data.message} />}
        {fetchNow.isError && <FormMessage tone="error" message={errorMessage(fetchNow.error)} />}
        <SettlementsList />
      </div>
    </>
  );
}
