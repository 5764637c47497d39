import { programmeName, type Programme } from '@coop/core';
import { ledgerEntryKindSchema, type LedgerEntryKind } from '@coop/core/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime, naira } from '../../../../components/display/format';
import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { LEDGER_PAGE_SIZE, useLedgerLines, useWalletBalances } from '../api/get-ledger-lists';
import { AdminPageTitle } from '../../common/components/admin-page-title';

type View = LedgerEntryKind | 'wallets';

const titles: Record<View, { title: string; lead: string }> = {
  wallets: {
    title: 'Wallets holding money',
    lead: 'Largest first. Together they are what the programme owes its members now.',
  },
  fee: { title: 'Fees received', lead: 'Every registration fee the ledger holds, newest first.' },
  bonus: {
    title: 'Cash bonuses credited',
    lead: 'Every bonus charged to the company, newest first (before the health fee deduction).',
  },
  paid_out: {
    title: 'Paid out',
    lead: 'Bank transfers settled (a reversal shows as a minus) and cash payouts recorded, newest first.',
  },
  reserved: {
    title: 'Reserved in payout runs',
    lead: 'Money moved into payout runs and out again as the bank answered, and cash-outs set aside while they wait for approval; what remains awaits the bank or the second administrator.',
  },
  health_fee: {
    title: 'Health fees to pass on',
    lead: 'Health organisation fees deducted from stage-2 bonuses.',
  },
  grant: {
    title: 'Grants credited',
    lead: "Approved grants, each credited to the member's Main wallet when approved.",
  },
};

function Lines({ programme, kind }: { programme: Programme; kind: LedgerEntryKind }) {
  const [page, setPage] = useState(1);
  const lines = useLedgerLines(programme, kind, page);
  return (
    <QueryState query={lines} label="the ledger lines">
      {(list) =>
        list.total === 0 ? (
          <p className="text-slate-600">Nothing yet.</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
              {list.items.map((l, i) => (
                <li
                  key={`${l.entryId}-${i}`}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3"
                  data-testid="ledger-line"
                >
                  <div className="min-w-0">
                    <p className="break-words text-slate-900">{l.memo}</p>
                    <p className="text-sm break-all text-slate-600">
                      {l.fullName ? `${l.fullName} · ${l.email}` : l.account} · entry {l.entryId} ·{' '}
                      {formatDateTime(l.createdAt)}
                    </p>
                  </div>
                  <p className="font-semibold text-slate-900 tabular-nums">{naira(l.amount)}</p>
                </li>
              ))}
            </ul>
            <Pager page={page} total={list.total} pageSize={LEDGER_PAGE_SIZE} onPage={setPage} />
          </>
        )
      }
    </QueryState>
  );
}

function Wallets({ programme }: { programme: Programme }) {
  const [page, setPage] = useState(1);
  const wallets = useWalletBalances(programme, page);
  return (
    <QueryState query={wallets} label="the wallets">
      {(list) =>
        list.total === 0 ? (
          <p className="text-slate-600">No wallet holds money.</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
              {list.items.map((w) => (
                <li
                  key={w.email}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 p-3"
                  data-testid="wallet-balance"
                >
                  <div className="min-w-0">
                    <p className="break-words text-slate-900">{w.fullName}</p>
                    <p className="text-sm break-all text-slate-600">
                      {w.email}
                      {w.accountStatus !== 'active' && ` · ${w.accountStatus}`}
                    </p>
                  </div>
                  <p className="font-semibold text-slate-900 tabular-nums">{naira(w.balance)}</p>
                </li>
              ))}
            </ul>
            <Pager page={page} total={list.total} pageSize={LEDGER_PAGE_SIZE} onPage={setPage} />
          </>
        )
      }
    </QueryState>
  );
}

/** The list behind a liability figure of the dashboard (opened from it with ?programme=&view=). */
export function LedgerPage() {
  const [params] = useSearchParams();
  const programme: Programme = params.get('programme') === 'welcomeback' ? 'welcomeback' : 'main';
  const kind = ledgerEntryKindSchema.safeParse(params.get('view'));
  const view: View = kind.success ? kind.data : 'wallets';
  return (
    <>
      <AdminPageTitle lead={titles[view].lead}>
        {titles[view].title}: {programmeName(programme)}
      </AdminPageTitle>
      {view === 'wallets' ? (
        <Wallets key={programme} programme={programme} />
      ) : (
        <Lines key={`${programme}-${view}`} programme={programme} kind={view} />
      )}
    </>
  );
}
