import { createContext, useContext, useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from '../../lib/session';

/** What a page may show of the session: whose it is and for which area (the token stays with the API client). */
export type SessionView = Pick<Session, 'area' | 'user'>;

/** The member a page is drawn for on the server (entry-server.tsx); none for a shell or a public page. */
export const ServerSessionContext = createContext<SessionView | null>(null);

/** The signed-in session, re-rendering when it changes (renewed, ended). */
export function useSession(): SessionView | null {
  // On the server there is no session store: the page is drawn for the member the server read it for, if any. In the
  // browser, taking over that page (hydration, main.tsx) happens once the session is renewed: it is drawn with it.
  const onServer = useContext(ServerSessionContext);
  return useSyncExternalStore(subscribeSession, getSession, () => onServer ?? getSession());
}
