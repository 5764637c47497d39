import { useSearchParams } from 'react-router';
import { useWalletHistory, WALLET_PAGE_SIZE } from '../api/get-wallet-history';
import { MemberPageTitle } from '../components/member-page-title';
import { walletFilters, walletLineLabels } from '../components/wallet-filters';
import { useMemberArea } from '../hooks/use-member-area';
import type { WalletLine } from '../types';
import { Pager } from '../../../components/display/pager';
import { QueryState } from '../../../components/display/query-state';
import { formatDateTime, naira } from '../../../components/display/format';

function LineItem({ line }: { line: WalletLine }) {
  const credit = !line.amount.startsWith('-');
  return (
    <li
      className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="wallet-entry"
      data-kind={line.kind}
    >
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {walletLineLabels[line.kind]}
        </p>
        <p className="font-medium text-slate-900">
          {line.reason}
          {line.from && <> from {line.from}</>}
        </p>
        <p className="text-sm text-slate-600">{formatDateTime(line.createdAt)}</p>
      </div>
      <p className={`shrink-0 text-lg font-bold tabular-nums ${credit ? 'text-brand-800' : 'text-red-700'}`}>
        <span className="sr-only">{credit ? 'credit ' : 'debit '}</span>
        {credit ? '+' : '−'}
        {naira(line.amount.replace(/^-/, ''))}
      </p>
    </li>
  );
}

export function WalletPage() {
  const area = useMemberArea();
  const filters = walletFilters(area.programme);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = filters.find((f) => f.key === params.get('kind')) ?? filters[0]!;
  const query = useWalletHistory(page, filter.kinds);
  const choose = (key: string) => setParams(key === 'all' ? {} : { kind: key });
  return (
    <>
      <MemberPageTitle
        title="Wallet History"
        lead="Every bonus, deduction and payout of your wallet on its own line, newest first."
      />
      {/* A form that asks for the page again with ?kind=: it answers a tap before the script has run (the server draws
          the filtered list, decision 0053); once React runs, the tap changes the address in place. */}
      <form method="get" role="group" aria-label="Show" className="mb-4 flex flex-wrap gap-2">
        {filters.map((f) => (
          <button
            key={f.key}
            type="submit"
            name="kind"
            value={f.key}
            aria-pressed={f.key === filter.key}
            onClick={(event) => {
              event.preventDefault();
              choose(f.key);
            }}
            className={`min-h-11 rounded-full border px-4 font-semibold ${f.key === filter.key ? 'border-brand-800 bg-brand-800 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-brand-50'}`}
          >
            {f.label}
          </button>
        ))}
      </form>
      <QueryState query={query} label="your wallet history">
        {(history) =>
          history.total === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-5 text-slate-700">
              {filter.kinds
                ? 'No lines of this kind yet.'
                : 'Nothing has moved in your wallet yet. Bonuses appear here as soon as they are credited.'}
            </p>
          ) : (
            <>
              <ul
                className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
                aria-label="Wallet lines"
              >
                {history.items.map((line) => (
                  <LineItem key={line.id} line={line} />
                ))}
              </ul>
              <Pager
                page={page}
                total={history.total}
                pageSize={WALLET_PAGE_SIZE}
                onPage={(p) =>
                  setParams(filter.kinds ? { kind: filter.key, page: String(p) } : { page: String(p) })
                }
              />
            </>
          )
        }
      </QueryState>
    </>
  );
}
