import { programmeName } from '@coop/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, naira } from '../../../../components/display/format';
import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { memberRecordPath } from '../../common/admin-paths';
import { INACTIVE_PAGE_SIZE, useInactiveAccounts } from '../api/get-inactive-accounts';
import { AdminPageTitle } from '../../common/components/admin-page-title';

/** Accounts with no sign-in and no payment for 12 months (the terms allow suspension): the platform lists, an administrator decides. */
export function InactivePage() {
  const [page, setPage] = useState(1);
  const accounts = useInactiveAccounts(page);
  return (
    <>
      <AdminPageTitle lead="Active member accounts with no sign-in and no payment for 12 months. Open a record to decide: suspend it for inactivity, or leave it.">
        Inactive Accounts
      </AdminPageTitle>
      <QueryState query={accounts} label="the inactive accounts">
        {(list) =>
          list.total === 0 ? (
            <p className="text-slate-600">No account has been inactive since {formatDate(list.cutoff)}.</p>
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-600" role="status">
                {list.total} account{list.total === 1 ? '' : 's'} with no sign-in and no payment since{' '}
                {formatDate(list.cutoff)}
              </p>
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4 shadow-sm">
                {list.items.map((a) => (
                  <li
                    key={a.id}
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
                    data-testid="inactive-account"
                  >
                    <div className="min-w-0">
                      <Link
                        className="font-semibold break-words text-brand-800 underline"
                        to={memberRecordPath(a.id)}
                      >
                        {a.fullName}
                      </Link>
                      <p className="text-sm break-all text-slate-600">
                        {a.email} · {programmeName(a.programme)}
                      </p>
                      <p className="text-xs text-slate-500">
                        signed up {formatDate(a.createdAt)} · last sign-in{' '}
                        {a.lastSignInAt ? formatDate(a.lastSignInAt) : 'never'} · last payment{' '}
                        {a.lastPaymentAt ? formatDate(a.lastPaymentAt) : 'never'}
                      </p>
                    </div>
                    <span className="font-semibold tabular-nums">wallet {naira(a.wallet)}</span>
                  </li>
                ))}
              </ul>
              <Pager page={page} total={list.total} pageSize={INACTIVE_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
