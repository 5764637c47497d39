import type { Tx } from '../../db/client';
import { activeAdministrators, contactOf } from '../accounts/account-store';
import { failedSignInAddresses } from '../audit/audit-reads';
import { enqueueMail } from '../notifications/mail-queue';

/** The addresses a mail lists; a guesser with thousands of addresses makes the rest a count. */
const ADDRESSES_LISTED = 20;

interface LockOut {
  adminId: string;
  /** How long browsers never used before are refused. */
  minutes: number;
  /** The rule's window: the wrong passwords counted towards this lock-out. */
  windowMs: number;
}

/**
 * An administrator's account locked for new browsers by wrong passwords (decision 0026's account-wide lock): the
 * administrator and every other active administrator are mailed, once per lock-out, in the transaction that set
 * it, with where the wrong passwords came from (the addresses of the audit log's admin_sign_in_failed entries from
 * browsers never used before, within the rule's window), never what was typed. The others are told because a
 * guesser who got into the administrator's mailbox would read, and could delete, the only warning.
 */
export async function tellOfAdminLockOut(tx: Tx, lockOut: LockOut) {
  const locked = await contactOf(tx, lockOut.adminId);
  if (!locked) return;
  const places = await failedSignInAddresses(tx, lockOut.adminId, lockOut.windowMs);
  const attempts = places.reduce((sum, p) => sum + p.n, 0);
  const listed = places
    .slice(0, ADDRESSES_LISTED)
    .map((p) => `${p.address} (${p.n === 1 ? 'once' : `${p.n} times`})`);
  const more =
    places.length > ADDRESSES_LISTED ? `, and ${places.length - ADDRESSES_LISTED} other addresses` : '';
  const where = `The wrong passwords came from ${listed.join(', ')}${more}.`;
  const within = `${Math.round(lockOut.windowMs / 60_000)} minutes`;
  const action = {
    label: 'See these attempts in the audit log',
    path: `/adminaudit?member=${lockOut.adminId}&action=admin_sign_in_failed`,
  };

  await enqueueMail(
    tx,
    locked.email,
    {
      template: 'admin_notice',
      data: {
        name: locked.fullName,
        subject: 'Your administrator account was locked after wrong passwords',
        paragraphs: [
          `${attempts} wrong passwords were typed for your administrator account (${locked.email}) within ${within}, from browsers that have never signed in to it. No password was accepted. Sign-ins from new browsers are refused for ${lockOut.minutes} minutes; a browser you have signed in from before still signs in.`,
          where,
          'If this was not you, someone is guessing your password: make sure it is long and used nowhere else, and set up two-factor sign-in (Two-factor sign-in in the admin menu) if you have not. The other administrators have been told too.',
        ],
        action,
      },
    },
    lockOut.adminId,
  );
  const others = await activeAdministrators(tx, { except: lockOut.adminId });
  for (const other of others)
    await enqueueMail(
      tx,
      other.email,
      {
        template: 'admin_notice',
        data: {
          name: other.fullName,
          subject: `${locked.fullName}'s administrator account was locked after wrong passwords`,
          paragraphs: [
            `${attempts} wrong passwords were typed for ${locked.fullName}'s administrator account (${locked.email}) within ${within}, from browsers that have never signed in to it. No password was accepted; sign-ins from new browsers are refused for ${lockOut.minutes} minutes.`,
            where,
            `${locked.fullName} has been mailed. If they did not do this, someone is guessing an administrator's password: check with them by phone or in person, not by replying to mail.`,
          ],
          action,
        },
      },
      other.id,
    );
}
