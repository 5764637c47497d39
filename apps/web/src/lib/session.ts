import type { Programme } from '@coop/core';
import type { LoginResponse, SessionUser } from '@coop/core/contracts';
import { apiFetch, ApiError, setSessionHooks } from './api-client';

/**
 * The signed-in session, one at a time (a person uses one area per tab). The access token lives in memory
 * only; the refresh token is an httpOnly cookie per programme that the server rotates. A reload or an
 * expired token calls POST /auth/refresh, so nothing that opens the account sits in localStorage.
 */
export type SessionArea = Programme | 'admin';

export interface Session {
  area: SessionArea;
  token: string;
  expiresAt: number;
  user: SessionUser;
}

let current: Session | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export const programmeOf = (area: SessionArea) => (area === 'welcomeback' ? 'welcomeback' : 'main');

export function getSession(): Session | null {
  return current;
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps what a login call answered. */
export function startSession(
  area: SessionArea,
  response: Pick<LoginResponse, 'token' | 'expiresIn' | 'user'>,
) {
  current = {
    area,
    token: response.token,
    expiresAt: Date.now() + response.expiresIn * 1000,
    user: response.user,
  };
  notify();
}

function fits(session: Session | null, area: SessionArea): session is Session {
  if (!session || Date.now() > session.expiresAt - 30_000) return false;
  if (area === 'admin') return session.user.roles === 'admin';
  return session.area === area || (session.area === 'admin' && area === 'main');
}

let refreshing: Promise<Session | null> | null = null;

/**
 * The browser's tabs share the refresh cookie, which the server rotates on each renewal and refuses when it is
 * presented again once spent, ending the session. Tabs opened together (a member opening links in new tabs, a page
 * reloaded while it starts) would each send the same cookie: they renew one at a time, so each sends the cookie
 * the one before it left. A browser without Web Locks renews at once, as before.
 */
function oneTabAtATime<T>(programme: Programme, renew: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(`coop-session-renewal-${programme}`, renew) as Promise<T>) : renew();
}

/** Renews the access token from the refresh cookie; null when there is no live session for that area. */
export function refreshSession(area: SessionArea): Promise<Session | null> {
  const programme = programmeOf(area);
  refreshing ??= oneTabAtATime(programme, () =>
    apiFetch<Pick<LoginResponse, 'token' | 'expiresIn' | 'user'>>('/auth/refresh', {
      method: 'POST',
      body: { programme },
      token: null,
    }),
  )
    .then((response) => {
      if (area === 'admin' && response.user.roles !== 'admin') return null;
      startSession(area, response);
      return current;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
      throw error;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** For route guards: the live session of the area, renewed when needed, or null (then: go to sign-in). */
export async function ensureSession(area: SessionArea): Promise<Session | null> {
  if (fits(current, area)) return current;
  return refreshSession(area);
}

/** Signs out on the server (revokes the session and clears the cookie), then forgets everything here. */
export async function endSession() {
  const session = current;
  current = null;
  notify();
  try {
    localStorage.clear();
  } catch {
    // storage may be unavailable (private mode); nothing of the session is kept there anyway
  }
  if (session) {
    await apiFetch('/auth/logout', {
      method: 'POST',
      body: { programme: programmeOf(session.area) },
      token: session.token,
    }).catch(() => undefined);
  }
}

setSessionHooks({
  token: () => current?.token ?? null,
  // A call answered 401 renews the token once and is sent again; a second 401 ends the session here.
  renew: async () => {
    if (!current) return null;
    const renewed = await refreshSession(current.area).catch(() => null);
    if (!renewed) {
      current = null;
      notify();
    }
    return renewed?.token ?? null;
  },
});
