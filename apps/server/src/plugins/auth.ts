import { type Programme, programmeName, DomainError } from '@coop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { tokenKind } from '../lib/tokens';

export type Role = 'user' | 'admin';

/** The signed-in account, as the access token names it and the database confirms it on every call. */
export interface SignedInAccount {
  id: string;
  programme: Programme;
  role: Role;
  email: string;
  fullName: string;
  sessionId: string;
  /** An administrator's session that has not passed the second factor it needs: no admin route opens to it. */
  secondFactorDue?: boolean;
}

/** Access tokens are short: a stolen one is useful for minutes, and the refresh session renews it silently. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'coop-platform';
const AUDIENCE = 'coop-platform-api';

// Every signed-in call sends the same token for up to 15 minutes; the database still confirms its session each time.
const accessTokens = tokenKind({
  audience: AUDIENCE,
  issuer: ISSUER,
  seconds: ACCESS_TOKEN_SECONDS,
  keepVerified: true,
});

export async function signAccessToken(
  config: Config,
  claims: { accountId: string; programme: Programme; role: Role; tokenVersion: number; sessionId: string },
) {
  const token = accessTokens(config).sign({
    sub: claims.accountId,
    prog: claims.programme,
    role: claims.role,
    ver: claims.tokenVersion,
    sid: claims.sessionId,
  });
  return { token, expiresIn: ACCESS_TOKEN_SECONDS };
}

/** The claims of a valid, unexpired access token (sign-out reads the session it names); throws on any other. */
export function accessTokenClaims(config: Config, token: string) {
  return accessTokens(config).verify(token) as { sub?: string; sid?: string };
}

/**
 * Confirms the token's session in the database: the access row, or nothing when the session is not live. The
 * statement joins the account, its session and its second factor, which the modules own (modules/access/access-check.ts);
 * this plugin sits below them, so app.ts hands it in at registration. The parameters are `accessParams`.
 */
export type ConfirmSession = (
  deps: Pick<CheckedReadDeps, 'db' | 'database'>,
  params: [accountId: string, sessionId: string, everyAdminNeedsSecondFactor: boolean],
) => Promise<AccessRow | undefined>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unauthorised = () => new DomainError('session_ended', 'Your session has ended. Please sign in again.');

/** What a valid access token claims; the database must still confirm the session (`admit`). */
interface AccessClaims {
  accountId: string;
  sessionId: string;
  tokenVersion: number;
}

/** The access check's row: the account and its session, as the statement above (or a read that embeds it) returns it. */
export interface AccessRow {
  id: string;
  programme: Programme;
  role: Role;
  email: string;
  full_name: string;
  status: string;
  token_version: number;
  second_factor_due: boolean;
}

function verifiedClaims(app: FastifyInstance, request: FastifyRequest): AccessClaims {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) throw new DomainError('signed_out', 'Please sign in to continue.');
  let payload;
  try {
    payload = accessTokens(app.config).verify(header.slice(7).trim());
  } catch {
    throw unauthorised();
  }
  const { sub, sid, ver } = payload as { sub?: string; sid?: string; ver?: number };
  if (!sub || !sid || typeof ver !== 'number' || !uuidPattern.test(sub) || !uuidPattern.test(sid))
    throw unauthorised();
  return { accountId: sub, sessionId: sid, tokenVersion: ver };
}

/** The route's policy applied to the confirmed session: the same rules whether the hook or the route's own read fetched the row. */
function admit(request: FastifyRequest, claims: AccessClaims, row: AccessRow | undefined): SignedInAccount {
  if (!row || row.token_version !== claims.tokenVersion) throw unauthorised();
  if (row.status !== 'active')
    throw new DomainError('account_inactive', 'This account is suspended or closed. Contact support.');
  const account: SignedInAccount = {
    id: row.id,
    programme: row.programme,
    role: row.role,
    email: row.email,
    fullName: row.full_name,
    sessionId: claims.sessionId,
    secondFactorDue: row.second_factor_due,
  };
  const config = request.routeOptions.config;
  if (config.access === 'admin' && account.role !== 'admin')
    throw new DomainError('not_admin', 'This needs an administrator account.');
  if (config.access === 'admin' && account.secondFactorDue)
    throw new DomainError(
      'two_factor_required',
      'Administrators sign in with their two-factor code: sign in again at /admin.',
    );
  if (config.programme && config.programme !== account.programme) {
    const name = programmeName(config.programme);
    throw new DomainError(
      'wrong_programme',
      `This needs a ${name} platform account. Sign in to the ${name} platform.`,
    );
  }
  return account;
}

const claimsOf = new WeakMap<FastifyRequest, AccessClaims>();

/**
 * Deny by default: every route needs a valid access token unless it declares `config: { public: true }`.
 * `access: 'admin'` needs the admin role; `programme` needs an account of that programme. A hot read that declares
 * `sessionCheckedInRead` confirms the session inside its own statement (`withAccessCheck`, then
 * `admitFromRead`) instead of in a round trip of its own (decision 0015); its token is still verified here.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { confirmSession: ConfirmSession }) => {
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || config.public) return;
    const claims = verifiedClaims(app, request);
    if (config.sessionCheckedInRead) {
      claimsOf.set(request, claims);
      return;
    }
    const row = await options.confirmSession(app, [
      claims.accountId,
      claims.sessionId,
      app.config.adminTwoFactor === 'required',
    ]);
    request.account = admit(request, claims, row);
  });
});

/** What a read that checks its own session uses (`sessionCheckedInRead`): the database and the second-factor rule. */
export interface CheckedReadDeps {
  db: Db;
  config: Pick<Config, 'adminTwoFactor'>;
  /** Where the kept reads are, on PostgreSQL (decision 0064). */
  database?: Pick<Database, 'toldReads'>;
}

/** The parameters the embedded access check takes: the token's account and session, and whether every administrator needs a second factor. */
export function accessParams(
  { config }: Pick<CheckedReadDeps, 'config'>,
  request: FastifyRequest,
): [string, string, boolean] {
  const claims = claimsOf.get(request);
  if (!claims) throw unauthorised();
  return [claims.accountId, claims.sessionId, config.adminTwoFactor === 'required'];
}

/** A `sessionCheckedInRead` route's account, once its own statement returned the access row: refused exactly as the hook refuses. */
export function admitFromRead(request: FastifyRequest, row: AccessRow | null | undefined): SignedInAccount {
  const claims = claimsOf.get(request);
  if (!claims) throw unauthorised();
  request.account = admit(request, claims, row ?? undefined);
  return request.account;
}

/** The signed-in account of a private route (the hook above has already refused anyone else). */
export function signedIn(request: FastifyRequest): SignedInAccount {
  if (!request.account) throw unauthorised();
  return request.account;
}
