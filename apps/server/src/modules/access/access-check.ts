import { preparedRows, type Param } from '../../db/prepared';
import type { TellableStatement } from '../../db/told-reads';
import type { AccessRow, CheckedReadDeps, ConfirmSession } from '../../plugins/auth';
import { accountColumnsFromText } from '../accounts/account-sql';
import { liveSessionText } from '../sessions/sessions';
import { secondFactorConfirmedText } from '../two-factor/two-factor-sql';

/**
 * The access check of every signed-in call: the account the token names and its live session, with whether an
 * administrator's session still owes the second factor. It joins three owners' parts (the account, the session, the
 * second factor), so it lives above sessions and two-factor; the auth plugin, below the modules, is handed
 * `confirmSession` at registration (app.ts), and hot reads embed the same check through `withAccessCheck`.
 */
const account = accountColumnsFromText('a', [
  'id',
  'programme',
  'role',
  'email',
  'full_name',
  'status',
  'token_version',
  // What the hot reads that embed the check read of the account besides (the member dashboard).
  'phone',
  'address',
  'referral_code',
]);
const session = liveSessionText('a', '$2');
// One indexed look-up per call, prepared once: a password reset, a role change, a suspension or a sign-out ends the token at once.
const accessColumns = `a.id, a.programme, a.role, a.email, a.full_name, a.status, a.token_version, s.expires_at as session_expires_at,
      (a.role = 'admin' and ${session.secondFactorPending}
       and ($3 or ${secondFactorConfirmedText('a.id')})) as second_factor_due`;

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
  /** It reads a version of the whole platform too (the matrix's, the admin figures'): told by `g`, not by the account. */
  { global = false } = {},
): TellableStatement {
  return {
    name,
    global,
    types: ['uuid', 'uuid', 'boolean', ...types],
    text: `select ${accessColumns}${columns ? `, ${columns}` : ''} from ${account} ${session.join} ${joins} where a.id = $1`,
  };
}

/**
 * The rows of a statement made by `withAccessCheck`: kept in the process while the database tells of no change on
 * PostgreSQL (decision 0064), read on every call on PGlite.
 */
export function checkedRows<T>(
  deps: Pick<CheckedReadDeps, 'db' | 'database'>,
  statement: TellableStatement,
  params: readonly Param[],
): Promise<T[]> {
  const told = deps.database?.toldReads;
  return told ? told.rows<T>(deps.db, statement, params) : preparedRows<T>(deps.db, statement, params);
}

const accessCheck = withAccessCheck('access_check', [], '');

export const confirmSession: ConfirmSession = async (deps, params) => {
  const [row] = await checkedRows<AccessRow>(deps, accessCheck, params);
  return row;
};
