import { Link } from 'react-router';
import { useUnreadCount } from '../api/get-notifications';

/** The top bar's bell: a link to the notifications list, with the unread count when there is one. */
export function NotificationBell({ to }: { to: string }) {
  const unread = useUnreadCount().data?.unread ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className="relative flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/15"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.73 21a2 2 0 0 1-3.46 0" />
      </svg>
      {unread > 0 && (
        <span
          data-testid="notification-count"
          className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-amber-400 px-1 text-center text-xs leading-5 font-bold text-slate-900"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
