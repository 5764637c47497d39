import { NavLink } from 'react-router';
import { useMe } from '../api/get-me';
import type { MemberArea } from '../member-area';

const links = (area: MemberArea, graduate: boolean) =>
  [
    { to: area.paths.dashboard, label: 'Dashboard' },
    { to: area.paths.notifications, label: 'Notifications' },
    { to: area.paths.wallet, label: 'Wallet History' },
    { to: area.paths.matrix, label: 'My Matrix' },
    { to: area.paths.awards, label: 'Awards' },
    { to: area.paths.plan, label: 'My Plan' },
    { to: area.paths.bankDetails, label: 'Bank Details' },
    // A Golden Crown Partner has nothing more to pay (Main has no second registration): no payment entry.
    ...(graduate ? [] : [{ to: area.paths.payment, label: 'Make Payment' }]),
    { to: area.paths.password, label: 'Update Password' },
    { to: area.paths.referral, label: 'Referral code' },
    ...(area.programme === 'main' ? [{ to: area.paths.grant, label: 'Executive Grant' }] : []),
    { to: area.paths.mailSettings, label: 'Mail Settings' },
    { to: area.paths.myData, label: 'My Data' },
    // The notice the member agreed to, at the public address: how their data is used and what they may ask.
    { to: '/privacy', label: 'Privacy Notice' },
    { to: area.paths.close, label: 'Close Account' },
  ] as const;

interface Props {
  id: string;
  area: MemberArea;
  open: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}

/**
 * The member sidebar: fixed beside the content on wide screens, a drawer from the left on small ones. On a page the server
 * drew, the top bar's menu link opens it before the script has run (its `:target` style) and its entries are plain
 * links; only Sign Out needs the script, and says so until it runs (decision 0053).
 */
export function Sidebar({ id, area, open, onSignOut, signingOut }: Props) {
  const me = useMe(area.programme);
  const graduate = area.programme === 'main' && me.data?.paid === true && me.data.finished;
  return (
    <nav
      id={id}
      aria-label="Member area"
      className={`${open ? 'translate-x-0' : '-translate-x-full'} [html:not([data-running])_&:target]:translate-x-0 fixed inset-y-0 left-0 z-40 w-72 overflow-y-auto bg-white p-4 shadow-xl transition-transform motion-reduce:transition-none lg:sticky lg:top-[60px] lg:z-0 lg:h-[calc(100dvh-60px)] lg:w-64 lg:shrink-0 lg:translate-x-0 lg:border-r lg:border-slate-200 lg:shadow-none`}
    >
      <p className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase">{area.name}</p>
      <ul className="space-y-1">
        {links(area, graduate).map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              className={({ isActive }) =>
                `flex min-h-11 items-center rounded-md px-3 font-medium ${isActive ? 'bg-brand-800 text-white' : 'text-slate-800 hover:bg-brand-50'}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
        <li className="border-t border-slate-200 pt-2">
          <button
            type="button"
            data-needs-script
            onClick={onSignOut}
            disabled={signingOut}
            className="flex min-h-11 w-full items-center rounded-md px-3 text-left font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            {signingOut ? 'Signing out...' : 'Sign Out'}
          </button>
        </li>
      </ul>
    </nav>
  );
}
