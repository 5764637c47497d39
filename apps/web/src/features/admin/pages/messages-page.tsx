import { useState } from 'react';
import { formatDateTime } from '../../../components/display/format';
import { Pager } from '../../../components/display/pager';
import { QueryState } from '../../../components/display/query-state';
import { MESSAGES_PAGE_SIZE, useContactMessages } from '../api/get-contact-messages';
import { AdminPageTitle } from '../components/admin-page-title';

/** Messages sent from the Contact Us page, newest first; reply by email. */
export function MessagesPage() {
  const [page, setPage] = useState(1);
  const messages = useContactMessages(page);
  return (
    <>
      <AdminPageTitle lead="Messages from the Contact Us page, newest first. Reply to the sender by email.">Contact Messages</AdminPageTitle>
      <QueryState query={messages} label="the messages">
        {(list) =>
          list.total === 0 ? (
            <p className="text-slate-600">No message has been sent yet.</p>
          ) : (
            <>
              <ul className="space-y-3">
                {list.items.map((m) => (
                  <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="contact-message">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                      <p className="font-semibold break-words text-slate-900">{m.name}</p>
                      <p className="text-sm text-slate-600">{formatDateTime(m.createdAt)}</p>
                    </div>
                    <a href={`mailto:${m.email}`} className="text-sm break-all text-brand-900 underline underline-offset-2">
                      {m.email}
                    </a>
                    <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{m.message}</p>
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
