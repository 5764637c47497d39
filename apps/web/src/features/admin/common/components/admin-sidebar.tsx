import { NavLink } from 'react-router';
import { adminPaths } from '../admin-paths';
import { useApprovalsWaiting } from '../api/get-approvals-waiting';

const sections = [
  {
    heading: 'Admin',
    links: [
      { to: adminPaths.dashboard, label: 'Dashboard' },
      { to: adminPaths.mainUsers, label: 'Main Users' },
      { to: adminPaths.welcomeBackUsers, label: 'Welcomeback Users' },
      { to: adminPaths.approvals, label: 'Approvals' },
      { to: adminPaths.makeAdmin, label: 'Make User Admin' },
      { to: adminPaths.mainCashOut, label: 'Main Platform Admin Cashout' },
      { to: adminPaths.welcomeBackCashOut, label: 'Welcomeback Platform Admin Cashout' },
    ],
  },
  {
    heading: 'Operations',
    links: [
      { to: adminPaths.payouts, label: 'Monthly Payouts' },
      { to: adminPaths.awards, label: 'Awards' },
      { to: adminPaths.planSimulate, label: 'Plan → Simulate' },
      { to: adminPaths.incomeDisclosure, label: 'Income Disclosure' },
      { to: adminPaths.grants, label: 'Grant Applications' },
      { to: adminPaths.flags, label: 'Fraud Flags' },
      { to: adminPaths.disputes, label: 'Disputes' },
      { to: adminPaths.settlements, label: 'Settlements' },
      { to: adminPaths.inactive, label: 'Inactive Accounts' },
      { to: adminPaths.personalData, label: 'Personal Data' },
      { to: adminPaths.privacyRegisters, label: 'Privacy Registers' },
      { to: adminPaths.plans, label: 'Plan' },
      { to: adminPaths.messages, label: 'Contact Messages' },
      { to: adminPaths.exports, label: 'Exports' },
      { to: adminPaths.mails, label: 'Mails' },
      { to: adminPaths.audit, label: 'Audit Log' },
      { to: adminPaths.security, label: 'Two-factor sign-in' },
    ],
  },
];

interface Props {
  id: string;
  open: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}

/** The admin sidebar (spec 2.7): beside the content on wide screens, a drawer from the left on small ones. */
export function AdminSidebar({ id, open, onSignOut, signingOut }: Props) {
  const waiting = useApprovalsWaiting().data?.waiting ?? 0;
  return (
    <nav
      id={id}
      aria-label="Admin area"
      className={`${open ? 'translate-x-0' : '-translate-x-full'} [html:not([data-running])_&:target]:translate-x-0 fixed inset-y-0 left-0 z-40 w-72 overflow-y-auto bg-white p-4 shadow-xl transition-transform motion-reduce:transition-none lg:sticky lg:top-[60px] lg:z-0 lg:h-[calc(100dvh-60px)] lg:w-64 lg:shrink-0 lg:translate-x-0 lg:border-r lg:border-slate-200 lg:shadow-none`}
    >
      {sections.map((section) => (
        <div key={section.heading} className="mb-3">
          <p className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase">
            {section.heading}
          </p>
          <ul className="space-y-1">
            {section.links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center gap-2 rounded-md px-3 py-1 leading-snug font-medium ${isActive ? 'bg-brand-800 text-white' : 'text-slate-800 hover:bg-brand-50'}`
                  }
                >
                  {link.label}
                  {link.to === adminPaths.approvals && waiting > 0 && (
                    <span
                      className="ml-auto rounded-full bg-amber-400 px-2 text-sm font-bold text-slate-950"
                      data-testid="approvals-waiting"
                    >
                      {waiting}
                      <span className="sr-only"> waiting for you</span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="border-t border-slate-200 pt-2">
        <button
          type="button"
          onClick={onSignOut}
          disabled={signingOut}
          className="flex min-h-11 w-full items-center rounded-md px-3 text-left font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          {signingOut ? 'Signing out...' : 'Logout'}
        </button>
      </div>
    </nav>
  );
}
