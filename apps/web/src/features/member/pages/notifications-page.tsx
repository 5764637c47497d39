import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../components/display/format';
import { QueryState } from '../../../components/display/query-state';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { MemberPageTitle } from '../components/member-page-title';
import { useMemberArea } from '../hooks/use-member-area';

const shows = [
  { key: 'all', label: 'All' },
  { key: 'unread', label: 'Unread' },
] as const;

/**
 * What happened to the member's account and money, newest first; opening the list marks it read. The server draws it
 * with the page; its filter is a form that asks for the page again with ?show=, so it answers a tap before the script
 * has run (decision 0053).
 */
export function NotificationsPage() {
  const area = useMemberArea();
  const notifications = useNotifications();
  const [params, setParams] = useSearchParams();
  const show = params.get('show') === 'unread' ? 'unread' : 'all';
  const markRead = useMarkNotificationsRead();
  const newestUnread = notifications.data?.items.find((n) => !n.read)?.id;
  const { mutate } = markRead;
  useEffect(() => {
    if (newestUnread !== undefined)
      mutate(Math.max(...(notifications.data?.items.map((n) => n.id) ?? [newestUnread])));
  }, [newestUnread, mutate, notifications.data]);

  return (
    <>
      <MemberPageTitle
        title="Notifications"
        lead={
          <>
            Payments, bonuses, promotions, payouts and security events. Choose which mails you receive in{' '}
            <Link to={area.paths.mailSettings} className="font-semibold text-brand-800 underline">
              Mail Settings
            </Link>
            .
          </>
        }
      />
      <form method="get" role="group" aria-label="Show" className="mb-4 flex flex-wrap gap-2">
        {shows.map((s) => (
          <button
            key={s.key}
            type="submit"
            name="show"
            value={s.key}
            aria-pressed={s.key === show}
            onClick={(event) => {
              event.preventDefault();
              setParams(s.key === 'all' ? {} : { show: s.key });
            }}
            className={`min-h-11 rounded-full border px-4 font-semibold ${s.key === show ? 'border-brand-800 bg-brand-800 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-brand-50'}`}
          >
            {s.label}
          </button>
        ))}
      </form>
      <QueryState query={notifications} label="your notifications">
        {(list) =>
          list.items.length === 0 ? (
            <p className="max-w-2xl rounded-lg border border-slate-200 bg-white p-5 text-slate-700">
              Nothing yet. When a payment, a bonus or a payout happens, you will see it here and by mail.
            </p>
          ) : (
            <>
              {list.unread > 0 && (
                <p className="mb-3 text-sm font-semibold text-slate-700" data-testid="notifications-unread">
                  {list.unread} unread
                </p>
              )}
              {show === 'unread' && list.items.every((n) => n.read) && (
                <p className="max-w-2xl rounded-lg border border-slate-200 bg-white p-5 text-slate-700">
                  Nothing unread: you have seen every notification.
                </p>
              )}
              <ul
                className="max-w-2xl divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white empty:hidden"
                data-testid="notifications-list"
                data-show={show}
              >
                {list.items
                  .filter((n) => show === 'all' || !n.read)
                  .map((n) => (
                    <li key={n.id} className={`p-4 ${n.read ? '' : 'bg-brand-50'}`}>
                      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                        <h2 className="min-w-0 font-semibold break-words text-slate-900">
                          {!n.read && <span className="sr-only">Unread: </span>}
                          {n.title}
                        </h2>
                        <time dateTime={n.createdAt} className="shrink-0 text-xs text-slate-500">
                          {formatDateTime(n.createdAt)}
                        </time>
                      </div>
                      <p className="mt-1 text-sm break-words text-slate-700">{n.body}</p>
                      <Link
                        to={n.link}
                        aria-label={`Open: ${n.title}`}
                        className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline"
                      >
                        Open
                      </Link>
                    </li>
                  ))}
              </ul>
            </>
          )
        }
      </QueryState>
    </>
  );
}
