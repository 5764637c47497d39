import { Link, Outlet, ScrollRestoration } from 'react-router';
import { DrawerToggle } from '../../../components/session/drawer-toggle';
import { useAreaShell } from '../../../components/session/use-area-shell';
import { MemberAreaContext } from '../hooks/use-member-area';
import type { MemberArea } from '../member-area';
import { NoticeChanges } from './notice-changes';
import { NotificationBell } from './notification-bell';
import { Sidebar } from './sidebar';

/**
 * The signed-in area of one programme (spec 2.6): 'WELCOME, {full name}!' and the sidebar, which becomes a
 * drawer below 1024 px. When the session ends (signed out elsewhere, renewal refused) it goes to sign-in.
 */
export function MemberLayout({ area }: { area: MemberArea }) {
  const { session, drawerOpen, setDrawerOpen, signOut, signingOut } = useAreaShell({
    signin: area.paths.signin,
    comeBack: true,
  });

  return (
    <MemberAreaContext.Provider value={area}>
      <div className="flex min-h-dvh flex-col bg-slate-50">
        <a
          href="#member-main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <header className="sticky top-0 z-30 border-b border-brand-900 bg-brand-800 text-white">
          <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">
            <DrawerToggle
              open={drawerOpen}
              controls="member-sidebar"
              onToggle={() => setDrawerOpen((open) => !open)}
            />
            <Link to="/" className="flex min-h-11 shrink-0 items-center" aria-label="Home">
              <img src="/logo.svg" alt="" width="36" height="36" className="rounded-full bg-white p-0.5" />
            </Link>
            <p
              className="min-w-0 flex-1 text-sm leading-tight font-bold tracking-wide break-words uppercase sm:text-base"
              data-testid="member-greeting"
            >
              {/* The server's shell has no session: the name comes with the page the browser draws. */}
              {session ? `WELCOME, ${session.user.fullName}!` : 'WELCOME!'}
            </p>
            <span className="hidden rounded-full bg-white/15 px-3 py-1 text-xs font-semibold sm:inline">
              {area.name}
            </span>
            <NotificationBell to={area.paths.notifications} />
          </div>
        </header>
        <div className="mx-auto flex w-full max-w-7xl flex-1">
          {drawerOpen && (
            <div
              className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden"
              aria-hidden="true"
              onClick={() => setDrawerOpen(false)}
            />
          )}
          <Sidebar
            id="member-sidebar"
            area={area}
            open={drawerOpen}
            onSignOut={signOut}
            signingOut={signingOut}
          />
          <main id="member-main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
            <NoticeChanges />
            <Outlet />
          </main>
        </div>
      </div>
      <ScrollRestoration />
    </MemberAreaContext.Provider>
  );
}
