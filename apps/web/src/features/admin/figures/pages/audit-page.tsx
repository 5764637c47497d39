import { useState } from 'react';
import { formatDateTime } from '../../../../components/display/format';
import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/get-audit-log';
import { AdminPageTitle } from '../../common/components/admin-page-title';

const words = (action: string) => action.replace(/[_.]/g, ' ');

/** Who did what to whom and when: every administrative act, newest first. */
export function AuditPage() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  return (
    <>
      <AdminPageTitle lead="Every administrative act, newest first. Entries cannot be changed or removed.">Audit Log</AdminPageTitle>
      <QueryState query={log} label="the audit log">
        {(list) =>
          list.total === 0 ? (
            <p className="text-slate-600">Nothing has been recorded yet.</p>
          ) : (
            <>
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4 shadow-sm">
                {list.items.map((entry) => (
                  <li key={entry.id} className="py-3" data-testid="audit-entry">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                      <p className="font-semibold text-slate-900 capitalize">{words(entry.action)}</p>
                      <p className="text-sm text-slate-600">{formatDateTime(entry.createdAt)}</p>
                    </div>
                    <p className="text-sm break-all text-slate-700">
                      by {entry.actorEmail ?? 'the system'}
                      {entry.targetEmail && <> · about {entry.targetEmail}</>}
                    </p>
                    {Object.keys(entry.details).length > 0 && (
                      <details className="mt-1 text-sm">
                        <summary className="cursor-pointer text-slate-600">Details</summary>
                        <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-2 text-xs text-slate-800">{JSON.stringify(entry.details, null, 2)}</pre>
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
