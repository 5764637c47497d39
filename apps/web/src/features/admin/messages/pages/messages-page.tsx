import { formatDateTime } from '../../../../components/display/format';
import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { MESSAGES_PAGE_SIZE, useContactMessages, type SupportState } from '../api/get-contact-messages';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { MessageAge } from '../components/message-age';
import { ReplyForm } from '../components/reply-form';
import { StatusFilter, useFilteredPages } from '../../common/components/status-filter';

const filters: { value: SupportState | ''; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: '', label: 'All' },
];

/** The support inbox: messages from the Contact Us page, their state, the replies sent and the 14-day promise. */
export function MessagesPage() {
  const { status, chooseStatus, page, setPage } = useFilteredPages<SupportState | ''>('open', filters);
  const messages = useContactMessages(status, page);
  return (
    <>
      <AdminPageTitle lead="Messages from the Contact Us page, newest first. The terms promise an answer within 14 days: open messages older than 10 days are highlighted. A reply written here is mailed to the sender and kept.">
        Contact Messages
      </AdminPageTitle>
      <StatusFilter filters={filters} value={status} onChange={chooseStatus} />
      <QueryState query={messages} label="the messages">
        {(list) =>
          list.total === 0 ? (
            <p className="text-slate-600">No {status || ''} message.</p>
          ) : (
            <>
              <ul className="space-y-3">
                {list.items.map((m) => (
                  <li
                    key={m.id}
                    className={`rounded-lg border bg-white p-4 shadow-sm ${m.highlighted ? 'border-amber-400 ring-2 ring-amber-300' : 'border-slate-200'}`}
                    data-testid="contact-message"
                    data-state={m.state}
                  >
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                      <p className="font-semibold break-words text-slate-900">{m.name}</p>
                      <p className="text-sm text-slate-600">{formatDateTime(m.createdAt)}</p>
                    </div>
                    <p className="text-sm break-all text-slate-700">{m.email}</p>
                    <p className="mt-2 flex flex-wrap items-center gap-2">
                      <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-sm font-semibold text-white capitalize">
                        {m.state}
                      </span>
                      <MessageAge message={m} />
                    </p>
                    <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{m.message}</p>
                    {m.replies.map((r) => (
                      <div
                        key={r.id}
                        className="mt-3 rounded-md border-l-4 border-brand-700 bg-brand-50 p-3"
                        data-testid="contact-reply"
                      >
                        <p className="text-sm font-semibold text-slate-700">
                          Reply sent {formatDateTime(r.createdAt)}
                        </p>
                        <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{r.body}</p>
                      </div>
                    ))}
                    {m.state !== 'closed' && <ReplyForm message={m} />}
                  </li>
                ))}
              </ul>
              <Pager page={page} total={list.total} pageSize={MESSAGES_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
