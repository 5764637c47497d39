import { useEffect, useState } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../components/session/use-session';
import { endSession } from '../../../lib/session';
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
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { dark, toggle } = useDarkMode();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!session && !signingOut) navigate(adminPaths.signin, { replace: true });
  }, [session, signingOut, navigate]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const signOut = async () => {
    setSigningOut(true);
    await endSession();
    // Signing out clears local storage (spec 2.7); the theme is a preference of this device, not the session.
    rememberDarkMode(dark);
    navigate(adminPaths.signin, { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900" style={dark ? darkPalette : undefined} data-theme={dark ? 'dark' : 'light'}>
      <a href="#admin-main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-brand-900 bg-brand-800 text-white">
        <div className="flex flex-wrap items-center gap-2 px-3 py-2 sm:flex-nowrap sm:gap-3 sm:px-4">
          <button
            type="button"
            className="flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-white/10 lg:hidden"
            aria-expanded={drawerOpen}
            aria-controls="admin-sidebar"
            aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setDrawerOpen((open) => !open)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              {drawerOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
            </svg>
          </button>
          <Link to={adminPaths.dashboard} className="hidden min-h-11 shrink-0 items-center gap-2 font-bold sm:flex lg:w-56">
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
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
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
          <span className="hidden max-w-48 truncate text-sm font-semibold xl:inline" title={session?.user.email}>
            {session?.user.fullName}
          </span>
        </div>
      </header>
      <div className="flex w-full flex-1">
        {drawerOpen && <div className="fixed inset-0 z-30 bg-black/50 lg:hidden" aria-hidden="true" onClick={() => setDrawerOpen(false)} />}
        <AdminSidebar id="admin-sidebar" open={drawerOpen} onSignOut={signOut} signingOut={signingOut} />
        <main id="admin-main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
      <ScrollRestoration />
    </div>
  );
}
