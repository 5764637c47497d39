import { DomainError } from '@coop/core';
import type { Programme } from '@coop/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  countFailure,
  forgetFailures,
  lockedSeconds,
  signInRules,
  waitText,
  type LockRule,
} from '../../plugins/sign-in-locks';
import { findAccountByEmail } from '../accounts/account-store';
import { recordAudit } from '../audit/record-audit';
import { knownAdminDevice } from './admin-device';
import { tellOfAdminLockOut } from './lock-out-notice';

interface Counted {
  key: string;
  rule: LockRule;
  /** How an auditor reads an administrator's lock-out. */
  scope: string;
  /** Its lock-out holds the administrator's whole account (new browsers): the administrators are mailed. */
  mailsLockOut?: boolean;
}

/** What one sign-in attempt is counted against (decision 0026). */
export interface SignInPlace {
  counted: Counted[];
  /** The administrator the email names on the admin login, for the audit log. */
  adminId: string | null;
  deviceId: string | null;
  address: string;
}

const adminOf = async (db: Db, email: string) => {
  const row = await findAccountByEmail(db, 'main', email);
  return row?.role === 'admin' ? row.id : null;
};

export async function signInPlace(
  { db, config }: { db: Db; config: Config },
  request: FastifyRequest,
  login: { programme: Programme; adminOnly: boolean },
  email: string,
): Promise<SignInPlace> {
  const address = request.ip;
  const byAddress: Counted = { key: `login|ip|${address}`, rule: signInRules.address, scope: 'this address' };
  if (!login.adminOnly)
    return {
      counted: [
        { key: `login|${login.programme}:${email}`, rule: signInRules.memberAccount, scope: 'the account' },
        byAddress,
      ],
      adminId: null,
      deviceId: null,
      address,
    };
  const adminId = await adminOf(db, email);
  const deviceId = knownAdminDevice(request, config, adminId);
  // A browser the administrator signed in from counts only its own wrong passwords: no one elsewhere can lock it.
  if (deviceId)
    return {
      counted: [
        {
          key: `admin-login|${email}|device:${deviceId}`,
          rule: signInRules.adminOnePlace,
          scope: 'this browser',
        },
      ],
      adminId,
      deviceId,
      address,
    };
  return {
    counted: [
      { key: `admin-login|${email}|ip:${address}`, rule: signInRules.adminOnePlace, scope: 'this address' },
      {
        key: `admin-login|${email}`,
        rule: signInRules.adminUnknownDevices,
        scope: 'browsers not used before',
        mailsLockOut: true,
      },
      byAddress,
    ],
    adminId,
    deviceId,
    address,
  };
}

/** 429 while any of the place's keys is locked; nothing is counted, and no password is checked. */
export async function refuseWhileLocked({ db }: { db: Db }, reply: FastifyReply, place: SignInPlace) {
  const seconds = await lockedSeconds(
    db,
    place.counted.map((c) => c.key),
  );
  if (seconds <= 0) return;
  reply.header('retry-after', String(seconds));
  throw new DomainError('rate_limited', `Too many attempts. Please wait ${waitText(seconds)} and try again.`);
}

/** A wrong password: counted against every key, and an administrator's failures and lock-outs audited. */
export async function countWrongPassword({ db }: { db: Db }, place: SignInPlace) {
  await db.transaction(async (tx) => {
    const locks: Array<{ counted: Counted; minutes: number }> = [];
    for (const c of place.counted) {
      const lockMs = await countFailure(tx, c.key, c.rule);
      if (lockMs !== null) locks.push({ counted: c, minutes: Math.round(lockMs / 60_000) });
    }
    if (!place.adminId) return;
    const details = { address: place.address, knownBrowser: place.deviceId !== null };
    await recordAudit(tx, {
      actorAccountId: null,
      action: 'admin_sign_in_failed',
      targetAccountId: place.adminId,
      details,
    });
    for (const lock of locks) {
      await recordAudit(tx, {
        actorAccountId: null,
        action: 'admin_sign_in_locked',
        targetAccountId: place.adminId,
        details: { ...details, lockedFor: lock.counted.scope, minutes: lock.minutes },
      });
      // countFailure answers a lock once per lock-out (the count's row is locked until this commits), so one mail each.
      if (lock.counted.mailsLockOut)
        await tellOfAdminLockOut(tx, {
          adminId: place.adminId,
          minutes: lock.minutes,
          windowMs: lock.counted.rule.window,
        });
    }
  });
}

/** A right password: the wrong ones before it stop counting; an administrator's sign-in is audited. */
export async function rightPassword(
  { db }: { db: Db },
  place: SignInPlace,
  account: { id: string; role: string },
  nextStep: string,
) {
  await db.transaction(async (tx) => {
    // The address's count is others' business too (one address trying many accounts), so it stays.
    await forgetFailures(
      tx,
      place.counted.filter((c) => !c.key.startsWith('login|ip|')).map((c) => c.key),
    );
    if (account.role === 'admin')
      await recordAudit(tx, {
        actorAccountId: account.id,
        action: 'admin_sign_in',
        targetAccountId: account.id,
        details: { address: place.address, knownBrowser: place.deviceId !== null, nextStep },
      });
  });
}
