import { PRIVACY_NOTICE_VERSION } from '@coop/core/contracts';
import { programmeName, type FraudThresholds, type Programme } from '@coop/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accounts } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { newReferralCode, normaliseReferralCode } from '../../lib/referral-code';
import { HttpError } from '../../plugins/errors';
import { checkSignup, type SignupOrigin } from '../member-review/fraud-signals';
import { enqueueMail } from '../notifications/mail-queue';
import { issueMailToken } from './mail-tokens';

export interface SignupData {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  password: string;
  referralCode?: string;
}

async function findSponsor(db: Db, programme: Programme, code: string | undefined) {
  if (!code) return null;
  const [sponsor] = await db
    .select({ id: accounts.id, programme: accounts.programme })
    .from(accounts)
    .where(eq(accounts.referralCode, normaliseReferralCode(code)));
  if (!sponsor)
    throw new HttpError(
      400,
      'This referral code does not exist. Check it, or leave the field empty.',
      'unknown_referral_code',
    );
  if (sponsor.programme !== programme) {
    throw new HttpError(
      400,
      `This referral code belongs to the ${programmeName(sponsor.programme)} platform. Use a ${programmeName(programme)} platform referral code, or leave the field empty.`,
      'referral_code_other_programme',
    );
  }
  return sponsor.id;
}

const emailTaken = (programme: Programme) =>
  new HttpError(
    409,
    `An account with this email already exists on the ${programmeName(programme)} platform. Sign in, or reset your password.`,
    'email_taken',
  );

/**
 * Registers an unconfirmed account, its confirmation token and the queued confirmation mail in one transaction. Both unique rules (email
 * per programme, referral code everywhere) are left to the database, so two simultaneous sign-ups cannot slip
 * past a check: an insert that conflicts returns nothing, and a code collision simply draws another code.
 */
export async function registerAccount(
  db: Db,
  programme: Programme,
  data: SignupData,
  origin: SignupOrigin,
  settings: { fraud: FraudThresholds; passwordHashCost: number },
) {
  const sponsorAccountId = await findSponsor(db, programme, data.referralCode);
  const passwordHash = await hashPassword(data.password, settings.passwordHashCost);
  return db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into accounts (programme, email, full_name, phone, address, password_hash, referral_code, sponsor_account_id, privacy_notice_version, privacy_notice_accepted_at)
            values (${programme}, ${data.email}, ${data.fullName}, ${data.phone}, ${data.address}, ${passwordHash}, ${newReferralCode()}, ${sponsorAccountId}, ${PRIVACY_NOTICE_VERSION}, now())
            on conflict do nothing returning id`,
      );
      if (row) {
        // Fraud signals are raised with the account, never instead of it: a flag never refuses a sign-up.
        await checkSignup(tx, row.id, origin, settings.fraud);
        const token = await issueMailToken(tx, row.id, 'confirm_email');
        await enqueueMail(
          tx,
          data.email,
          { template: 'confirm_email', data: { name: data.fullName, programme, token } },
          row.id,
        );
        return { accountId: row.id };
      }
      const taken = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.programme, programme), eq(accounts.email, data.email)));
      if (taken.length > 0) throw emailTaken(programme);
    }
    // 31^8 codes: eight collisions in a row means something is wrong with the generator, not bad luck.
    throw new Error('could not draw a free referral code');
  });
}
