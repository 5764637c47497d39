import { Link, Outlet, ScrollRestoration } from 'react-router';
import { DrawerToggle } from '../../../../components/session/drawer-toggle';
import { useAreaShell } from '../../../../components/session/use-area-shell';
import { adminPaths } from '../admin-paths';
import { rememberDarkMode, useDarkMode } from '../hooks/use-dark-mode';
import { AdminSidebar } from './admin-sidebar';
import { darkPalette } from './dark-palette';
import { TopBarSearch } from './top-bar-search';

/**
 * The admin area (spec 2.7): top bar with search and the dark-mode toggle, the sidebar (a drawer below
 * 1024 px) and the page. When the session ends (signed out elsewhere, renewal refused) it goes to /admin.
 */
export function AdminLayout() {
  const { dark, toggle } = useDarkMode();
  // Signing out clears local storage (spec 2.7); the theme is a preference of this device, not the session.
  const { session, drawerOpen, setDrawerOpen, signOut, signingOut } = useAreaShell({
    signin: adminPaths.signin,
    beforeLeave: () => rememberDarkMode(dark),
  });

  return (
    <div
      className="flex min-h-dvh flex-col bg-slate-50 text-slate-900"
      style={dark ? darkPalette : undefined}
      data-theme={dark ? 'dark' : 'light'}
    >
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-brand-900 bg-brand-800 text-white">
        <div className="flex flex-wrap items-center gap-2 px-3 py-2 sm:flex-nowrap sm:gap-3 sm:px-4">
          <DrawerToggle
            open={drawerOpen}
            controls="admin-sidebar"
            onToggle={() => setDrawerOpen((open) => !open)}
          />
          <Link
            to={adminPaths.dashboard}
            className="hidden min-h-11 shrink-0 items-center gap-2 font-bold sm:flex lg:w-56"
          >
            <img src="/logo.svg" alt="" width="36" height="36" className="rounded-full bg-white p-0.5" />
            <span>Admin</span>
          </Link>
          <span className="flex-1 font-bold sm:hidden">Admin</span>
          <TopBarSearch />
          <button
            type="button"
            onClick={toggle}
            aria-pressed={dark}
            aria-label="Dark mode"
            title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
            className="flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-white/10"
          >
            <svg
              width="22"
              height="22"
              viewBox="0 0 24 24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              {dark ? (
                <>
                  <circle cx="12" cy="12" r="4" />
                  <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
                </>
              ) : (
                <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
              )}
            </svg>
          </button>
          <span
            className="hidden max-w-48 truncate text-sm font-semibold xl:inline"
            title={session?.user.email}
          >
            {session?.user.fullName}
          </span>
        </div>
      </header>
      <div className="flex w-full flex-1">
        {drawerOpen && (
          <div
            className="fixed inset-0 z-30 bg-black/50 lg:hidden"
            aria-hidden="true"
            onClick={() => setDrawerOpen(false)}
          />
        )}
        <AdminSidebar id="admin-sidebar" open={drawerOpen} onSignOut={signOut} signingOut={signingOut} />
        <main id="admin-main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
      <ScrollRestoration />
    </div>
  );
}
