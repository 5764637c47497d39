import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '../../lib/session';

/** The signed-in session, re-rendering when it changes (renewed, ended). */
export function useSession() {
  // On the server (the signed-in shell) there is no session yet: the browser renders the area with it.
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
