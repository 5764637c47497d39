import { formatDateTime } from '../../../../components/display/format';
import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { errorMessage, FormMessage } from '../../../../components/form';
import { MAILS_PAGE_SIZE, useMails, type MailFilter } from '../api/get-mails';
import { useRetryMail } from '../api/retry-mail';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { StatusBadge } from '../../common/components/status-badge';
import { StatusFilter, useFilteredPages } from '../../common/components/status-filter';

const filters: { value: MailFilter; label: string }[] = [
  { value: 'failed', label: 'Failed' },
  { value: 'queued', label: 'Waiting' },
  { value: 'sent', label: 'Sent' },
];

/** The mail queue: mails given up after their retries, with the reason and a button to send again. */
export function MailsPage() {
  // The dashboard's mail backlog links here with ?status=queued.
  const { status, chooseStatus, page, setPage } = useFilteredPages<MailFilter>('failed', filters);
  const mails = useMails(status, page);
  const retry = useRetryMail();
  return (
    <>
      <AdminPageTitle lead="Every mail is retried with growing waits; a mail still failing after its last attempt, or refused by the mail server, waits under Failed: fix the cause (the address, the mail server) and send it again. While the mail server cannot be reached, mails wait under Waiting, their attempts uncounted, and go by themselves, once each, when it answers.">
        Mails
      </AdminPageTitle>
      <StatusFilter filters={filters} value={status} onChange={chooseStatus} />
      {retry.isError && <FormMessage tone="error" message={errorMessage(retry.error)} />}
      <QueryState query={mails} label="the mails">
        {(list) =>
          list.total === 0 ? (
            <p className="text-slate-600">{status === 'failed' ? 'No mail has failed.' : 'No mail here.'}</p>
          ) : (
            <>
              <ul className="space-y-3">
                {list.items.map((m) => (
                  <li
                    key={m.id}
                    className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                    data-testid="queued-mail"
                  >
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <p className="min-w-0 font-semibold break-words text-slate-900">{m.subject}</p>
                      <StatusBadge status={m.status} />
                    </div>
                    <p className="text-sm break-all text-slate-700">{m.to}</p>
                    <p className="text-sm text-slate-600">
                      queued {formatDateTime(m.createdAt)} · {m.attempts} attempt{m.attempts === 1 ? '' : 's'}
                      {m.sentAt && ` · sent ${formatDateTime(m.sentAt)}`}
                      {m.status === 'queued' &&
                        (m.attempts > 0 || m.lastError) &&
                        ` · next try ${formatDateTime(m.nextAttemptAt)}`}
                    </p>
                    {m.lastError && (
                      <p className="mt-1 text-sm break-words text-red-800">Reason: {m.lastError}</p>
                    )}
                    {m.status === 'failed' && (
                      <button
                        type="button"
                        disabled={retry.isPending}
                        onClick={() => retry.mutate(m.id)}
                        className="mt-3 min-h-11 rounded-md bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
                      >
                        Send again
                      </button>
                    )}
                  </li>
                ))}
              </ul>
              <Pager page={page} total={list.total} pageSize={MAILS_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
