import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/display/format';
import { QueryState } from '../../../components/display/query-state';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { MemberPageTitle } from '../components/member-page-title';
import { useMemberArea } from '../hooks/use-member-area';

/** What happened to the member's account and money, newest first; opening the list marks it read. */
export function NotificationsPage() {
  const area = useMemberArea();
  const notifications = useNotifications();
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
              <ul
                className="max-w-2xl divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white"
                data-testid="notifications-list"
              >
                {list.items.map((n) => (
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
