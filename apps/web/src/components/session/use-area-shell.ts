import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { endSession } from '../../lib/session';
import { useSession } from './use-session';

/**
 * What every signed-in area's layout does: the phone drawer (closed by a navigation or Escape), sign-out,
 * and a return to sign-in when the session ends while a page is open (signed out elsewhere, renewal refused).
 */
export function useAreaShell({
  signin,
  comeBack = false,
  beforeLeave,
}: {
  signin: string;
  /** ?next= brings the person back after signing in again. */ comeBack?: boolean;
  beforeLeave?: () => void;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  // A navigation closes the drawer; the first drawing does not, so a drawer opened before the script ran stays open.
  const drawnAt = useRef(pathname);
  useEffect(() => {
    if (drawnAt.current === pathname) return;
    drawnAt.current = pathname;
    setDrawerOpen(false);
  }, [pathname]);
  useEffect(() => {
    if (!session && !signingOut)
      navigate(comeBack ? `${signin}?next=${encodeURIComponent(pathname)}` : signin, { replace: true });
  }, [session, signingOut, navigate, signin, comeBack, pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const signOut = async () => {
    setSigningOut(true);
    await endSession();
    beforeLeave?.();
    navigate(signin, { replace: true });
  };

  return { session, drawerOpen, setDrawerOpen, signOut, signingOut };
}
