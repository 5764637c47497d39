import type { AuditLogFilter } from '@coop/core/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../../components/display/format';
import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { AUDIT_PAGE_SIZE, auditFilterParams, useAuditLog } from '../api/get-audit-log';
import { AuditFilterForm } from '../components/audit-filter-form';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { adminName } from '../../common/admin-name';

const words = (action: string) => action.replace(/[_.]/g, ' ');

const FILTERS = ['action', 'actor', 'member', 'from', 'to'] as const;

/** Who did what to whom and when: every administrative act, newest first, filtered from the address bar (a member record links here). */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filter: AuditLogFilter = Object.fromEntries(
    FILTERS.map((name) => [name, params.get(name) ?? undefined]),
  ) as AuditLogFilter;
  const filtered = FILTERS.some((name) => filter[name]);
  const [page, setPage] = useState(1);
  const log = useAuditLog(page, filter);
  const onFilter = (next: AuditLogFilter) => {
    setPage(1);
    setParams(auditFilterParams(next));
  };
  return (
    <>
      <AdminPageTitle lead="Every administrative act, newest first. Entries cannot be changed or removed.">
        Audit Log
      </AdminPageTitle>
      <AuditFilterForm
        key={params.toString()}
        filter={filter}
        actions={log.data?.actions ?? []}
        onFilter={onFilter}
      />
      <QueryState query={log} label="the audit log">
        {(list) =>
          list.total === 0 ? (
            <p className="text-slate-600">
              {filtered ? 'No entry matches these filters.' : 'Nothing has been recorded yet.'}
            </p>
          ) : (
            <>
              <p className="mb-2 text-sm text-slate-700" data-testid="audit-count">
                {list.total} {list.total === 1 ? 'entry' : 'entries'}
                {filtered ? (list.total === 1 ? ' matches these filters' : ' match these filters') : ''}
              </p>
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4 shadow-sm">
                {list.items.map((entry) => (
                  <li key={entry.id} className="py-3" data-testid="audit-entry">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                      <p className="font-semibold text-slate-900 capitalize">{words(entry.action)}</p>
                      <p className="text-sm text-slate-600">{formatDateTime(entry.createdAt)}</p>
                    </div>
                    <p className="text-sm break-all text-slate-700">
                      by {adminName(entry.actor, 'the system')}
                      {entry.targetEmail && <> · about {entry.targetEmail}</>}
                      {entry.address && (
                        <>
                          {' '}
                          · from{' '}
                          <span className="inline-block max-w-full font-mono" data-testid="audit-address">
                            {entry.address}
                          </span>
                        </>
                      )}
                    </p>
                    {Object.keys(entry.details).length > 0 && (
                      <details className="mt-1 text-sm">
                        <summary className="cursor-pointer text-slate-600">Details</summary>
                        <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-2 text-xs text-slate-800">
                          {JSON.stringify(entry.details, null, 2)}
                        </pre>
                      </details>
                    )}
                  </li>
                ))}
              </ul>
              <Pager page={page} total={list.total} pageSize={AUDIT_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
