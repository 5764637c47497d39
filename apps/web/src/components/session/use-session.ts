import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '../../lib/session';

/** The signed-in session, re-rendering when it changes (renewed, ended). */
export function useSession() {
  return useSyncExternalStore(subscribeSession, getSession);
}
