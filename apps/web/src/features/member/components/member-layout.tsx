import { useEffect, useState } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { endSession } from '../../../lib/session';
import { MemberAreaContext } from '../hooks/use-member-area';
import { useSession } from '../../../components/session/use-session';
import type { MemberArea } from '../member-area';
import { Sidebar } from './sidebar';

/**
 * The signed-in area of one programme (spec 2.6): 'WELCOME, {full name}!' and the sidebar, which becomes a
 * drawer below 1024 px. When the session ends (signed out elsewhere, renewal refused) it goes to sign-in.
 */
export function MemberLayout({ area }: { area: MemberArea }) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!session && !signingOut) navigate(`${area.paths.signin}?next=${encodeURIComponent(pathname)}`, { replace: true });
  }, [session, signingOut, navigate, area.paths.signin, pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const signOut = async () => {
    setSigningOut(true);
    await endSession();
    navigate(area.paths.signin, { replace: true });
  };

  return (
    <MemberAreaContext.Provider value={area}>
      <div className="flex min-h-dvh flex-col bg-slate-50">
        <a href="#member-main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
          Skip to content
        </a>
        <header className="sticky top-0 z-30 border-b border-brand-900 bg-brand-800 text-white">
          <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">
            <button
              type="button"
              className="flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-white/10 lg:hidden"
              aria-expanded={drawerOpen}
              aria-controls="member-sidebar"
              aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setDrawerOpen((open) => !open)}
            >
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                {drawerOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
              </svg>
            </button>
            <Link to="/" className="flex min-h-11 shrink-0 items-center" aria-label="Home">
              <img src="/logo.svg" alt="" width="36" height="36" className="rounded-full bg-white p-0.5" />
            </Link>
            <p className="min-w-0 flex-1 text-sm leading-tight font-bold tracking-wide break-words uppercase sm:text-base" data-testid="member-greeting">
              WELCOME, {session?.user.fullName ?? ''}!
            </p>
            <span className="hidden rounded-full bg-white/15 px-3 py-1 text-xs font-semibold sm:inline">{area.name}</span>
          </div>
        </header>
        <div className="mx-auto flex w-full max-w-7xl flex-1">
          {drawerOpen && <div className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden" aria-hidden="true" onClick={() => setDrawerOpen(false)} />}
          <Sidebar id="member-sidebar" area={area} open={drawerOpen} onSignOut={signOut} signingOut={signingOut} />
          <main id="member-main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
            <Outlet />
          </main>
        </div>
      </div>
      <ScrollRestoration />
    </MemberAreaContext.Provider>
  );
}
