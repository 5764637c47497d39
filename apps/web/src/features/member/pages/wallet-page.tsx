import { useSearchParams } from 'react-router';
import { useWalletHistory, WALLET_PAGE_SIZE } from '../api/get-wallet-history';
import { MemberPageTitle } from '../components/member-page-title';
import { Pager } from '../../../components/display/pager';
import { QueryState } from '../../../components/display/query-state';
import { formatDateTime, naira } from '../../../components/display/format';

export function WalletPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useWalletHistory(page);
  return (
    <>
      <MemberPageTitle title="Wallet History" lead="Every credit and debit of your wallet, newest first." />
      <QueryState query={query} label="your wallet history">
        {(history) =>
          history.total === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-5 text-slate-700">Nothing has moved in your wallet yet. Bonuses appear here as soon as they are credited.</p>
          ) : (
            <>
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Wallet entries">
                {history.items.map((item) => {
                  const credit = !item.amount.startsWith('-');
                  return (
                    <li key={item.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="wallet-entry">
                      <div className="min-w-0">
                        <p className="font-medium text-slate-900">{item.reason}</p>
                        <p className="text-sm text-slate-600">{formatDateTime(item.createdAt)}</p>
                      </div>
                      <p className={`shrink-0 text-lg font-bold tabular-nums ${credit ? 'text-brand-800' : 'text-red-700'}`}>
                        {credit ? '+' : '−'}
                        {naira(item.amount.replace(/^-/, ''))}
                      </p>
                    </li>
                  );
                })}
              </ul>
              <Pager page={page} total={history.total} pageSize={WALLET_PAGE_SIZE} onPage={(p) => setParams({ page: String(p) })} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
