import { DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { SecretKeys } from '../../config-rules';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { recordAudit } from '../audit/record-audit';
import { hashRecoveryCode, looksLikeTotp, newRecoveryCodes } from './recovery-codes';
import { acceptedTimeStep, newTotpSecret, otpauthUri } from './totp';

interface EnrolmentRow {
  secret: string;
  confirmed_at: Date | string | null;
  last_time_step: string | number | null;
}

const wrongCode = () =>
  new DomainError(
    'wrong_code',
    'The code is not correct, or it was already used. Enter the newest code from your authenticator app, or a recovery code.',
  );

async function enrolment(tx: Tx, accountId: string, lock = false) {
  const [row] = await queryRows<EnrolmentRow>(
    tx,
    sql`select secret, confirmed_at, last_time_step from admin_two_factor where account_id = ${accountId} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/**
 * The secret of a locked enrolment row, opened. A secret kept in clear or under a previous key (the start-up pass has
 * not reached it yet) is sealed again under the current key here, under the row lock the caller holds.
 */
async function openedSecret(tx: Tx, keys: SecretKeys, accountId: string, stored: string) {
  const { secret, stale } = openSecret(keys, accountId, stored);
  if (stale)
    await tx.execute(
      sql`update admin_two_factor set secret = ${sealSecret(keys, accountId, secret)} where account_id = ${accountId}`,
    );
  return secret;
}

/**
 * Seals every secret still kept in clear (written before sealing existed) or under a previous key, at start-up. Each
 * row is written only if it still holds what was read, so instances starting together do not undo each other.
 */
export async function sealStoredSecrets(tx: Tx, keys: SecretKeys) {
  const rows = await queryRows<{ account_id: string; secret: string }>(
    tx,
    sql`select account_id, secret from admin_two_factor`,
  );
  let sealed = 0;
  const unreadable: string[] = [];
  for (const row of rows) {
    let opened: { secret: string; stale: boolean };
    try {
      opened = openSecret(keys, row.account_id, row.secret);
    } catch {
      // Sealed under a key this server does not hold: the platform still starts, and the operator is told whose.
      unreadable.push(row.account_id);
      continue;
    }
    const { secret, stale } = opened;
    if (!stale) continue;
    const done = await queryRows(
      tx,
      sql`update admin_two_factor set secret = ${sealSecret(keys, row.account_id, secret)} where account_id = ${row.account_id} and secret = ${row.secret} returning account_id`,
    );
    sealed += done.length;
  }
  return { sealed, unreadable };
}

export async function isEnrolled(tx: Tx, accountId: string) {
  const row = await enrolment(tx, accountId);
  return Boolean(row?.confirmed_at);
}

/** Administrators need the second factor when the deployment requires it, or once they have enrolled. */
export const needsSecondFactor = (config: Config, role: string, enrolled: boolean) =>
  role === 'admin' && (config.adminTwoFactor === 'required' || enrolled);

export async function twoFactorStatus(tx: Tx, config: Config, accountId: string) {
  const enrolled = await isEnrolled(tx, accountId);
  const [left] = await queryRows<{ n: string | number }>(
    tx,
    sql`select count(*) as n from admin_recovery_codes where account_id = ${accountId} and used_at is null`,
  );
  return {
    enrolled,
    required: config.adminTwoFactor === 'required',
    recoveryCodesLeft: enrolled ? Number(left!.n) : 0,
  };
}

/** A new secret for the authenticator app; it counts only once a code from it is confirmed. */
export async function beginEnrolment(tx: Tx, config: Config, account: { id: string; email: string }) {
  const current = await enrolment(tx, account.id, true);
  if (current?.confirmed_at)
    throw new DomainError('already_enrolled', 'Two-factor sign-in is already set up for this account.');
  const secret = newTotpSecret();
  const sealed = sealSecret(config.totpKeys, account.id, secret);
  await tx.execute(
    sql`insert into admin_two_factor (account_id, secret) values (${account.id}, ${sealed})
        on conflict (account_id) do update set secret = excluded.secret, last_time_step = null, created_at = now()`,
  );
  return {
    secret,
    otpauthUri: otpauthUri({ issuer: config.site.shortName, email: account.email, secret }),
    account: account.email,
  };
}

/** The first code from the app proves it holds the secret; the recovery codes are made then and shown once. */
export async function confirmEnrolment(
  tx: Tx,
  keys: SecretKeys,
  accountId: string,
  code: string,
): Promise<string[]> {
  const current = await enrolment(tx, accountId, true);
  if (!current)
    throw new DomainError(
      'not_started',
      'Start the set-up first: scan the QR code, then enter the code the app shows.',
    );
  if (current.confirmed_at)
    throw new DomainError('already_enrolled', 'Two-factor sign-in is already set up for this account.');
  const step = looksLikeTotp(code)
    ? await acceptedTimeStep(
        await openedSecret(tx, keys, accountId, current.secret),
        code.replace(/\s/g, ''),
        null,
      )
    : null;
  if (step === null) throw wrongCode();
  await tx.execute(
    sql`update admin_two_factor set confirmed_at = now(), last_time_step = ${step} where account_id = ${accountId}`,
  );
  await tx.execute(sql`delete from admin_recovery_codes where account_id = ${accountId}`);
  const codes = newRecoveryCodes();
  for (const recovery of codes)
    await tx.execute(
      sql`insert into admin_recovery_codes (account_id, code_hash) values (${accountId}, ${hashRecoveryCode(recovery)})`,
    );
  await recordAudit(tx, {
    actorAccountId: accountId,
    action: 'two_factor_enrolled',
    targetAccountId: accountId,
  });
  return codes;
}

/**
 * A sign-in's second factor: a code newer than the last one accepted (the row lock orders two requests with the
 * same code, and the second sees it used), or an unused recovery code, spent here.
 */
export async function checkSecondFactor(tx: Tx, keys: SecretKeys, accountId: string, code: string) {
  const current = await enrolment(tx, accountId, true);
  if (!current?.confirmed_at)
    throw new DomainError('not_enrolled', 'Two-factor sign-in is not set up for this account yet.');
  if (looksLikeTotp(code)) {
    const last = current.last_time_step === null ? null : Number(current.last_time_step);
    // Opened only for a code: a recovery code still works when the secret cannot be opened (a lost key).
    const step = await acceptedTimeStep(
      await openedSecret(tx, keys, accountId, current.secret),
      code.replace(/\s/g, ''),
      last,
    );
    if (step === null) throw wrongCode();
    await tx.execute(
      sql`update admin_two_factor set last_time_step = ${step} where account_id = ${accountId}`,
    );
    return { method: 'code' as const };
  }
  const spent = await queryRows(
    tx,
    sql`update admin_recovery_codes set used_at = now() where account_id = ${accountId} and code_hash = ${hashRecoveryCode(code)} and used_at is null returning id`,
  );
  if (spent.length === 0) throw wrongCode();
  await recordAudit(tx, {
    actorAccountId: accountId,
    action: 'two_factor_recovery_code_used',
    targetAccountId: accountId,
  });
  return { method: 'recovery_code' as const };
}
