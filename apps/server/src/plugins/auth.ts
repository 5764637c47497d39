import { type Programme, programmeName } from '@coop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { preparedRows, type PreparedStatement } from '../db/prepared';
import { tokenKind } from '../lib/tokens';
import { HttpError } from './errors';

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

// One indexed look-up per call, prepared once: a password reset, a role change, a suspension or a sign-out ends the token at once.
const accessColumns = `a.id, a.programme, a.role, a.email, a.full_name, a.status, a.token_version,
      (a.role = 'admin' and s.second_factor_at is null
       and ($3 or exists (select 1 from admin_two_factor f where f.account_id = a.id and f.confirmed_at is not null))) as second_factor_due`;
const confirmedSession = `accounts a join sessions s on s.account_id = a.id`;
const confirmedWhere = `a.id = $1 and s.id = $2 and s.revoked_at is null and s.expires_at > now()`;

/**
 * A read that confirms the session in its own statement (decision 0015): the access row's columns and `columns`, over
 * the account `a` and its session `s` (and `joins`); no row when the session is not confirmed. $1 to $3 are
 * `accessParams`; further parameters are typed in `types`.
 */
export function withAccessCheck(
  name: string,
  types: readonly string[],
  columns: string,
  joins = '',
): PreparedStatement {
  return {
    name,
    types: ['uuid', 'uuid', 'boolean', ...types],
    text: `select ${accessColumns}${columns ? `, ${columns}` : ''} from ${confirmedSession} ${joins} where ${confirmedWhere}`,
  };
}

const accessCheck = withAccessCheck('access_check', [], '');

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unauthorised = () =>
  new HttpError(401, 'Your session has ended. Please sign in again.', 'session_ended');

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
  if (!header?.startsWith('Bearer ')) throw new HttpError(401, 'Please sign in to continue.', 'signed_out');
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
    throw new HttpError(403, 'This account is suspended or closed. Contact support.', 'account_inactive');
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
    throw new HttpError(403, 'This needs an administrator account.', 'not_admin');
  if (config.access === 'admin' && account.secondFactorDue)
    throw new HttpError(
      401,
      'Administrators sign in with their two-factor code: sign in again at /admin.',
      'two_factor_required',
    );
  if (config.programme && config.programme !== account.programme) {
    const name = programmeName(config.programme);
    throw new HttpError(
      403,
      `This needs a ${name} platform account. Sign in to the ${name} platform.`,
      'wrong_programme',
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
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || config.public) return;
    const claims = verifiedClaims(app, request);
    if (config.sessionCheckedInRead) {
      claimsOf.set(request, claims);
      return;
    }
    const [row] = await preparedRows<AccessRow>(app.db, accessCheck, [
      claims.accountId,
      claims.sessionId,
      app.config.adminTwoFactor === 'required',
    ]);
    request.account = admit(request, claims, row);
  });
});

/** The parameters the embedded access check takes: the token's account and session, and whether every administrator needs a second factor. */
export function accessParams(app: FastifyInstance, request: FastifyRequest): [string, string, boolean] {
  const claims = claimsOf.get(request);
  if (!claims) throw unauthorised();
  return [claims.accountId, claims.sessionId, app.config.adminTwoFactor === 'required'];
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
