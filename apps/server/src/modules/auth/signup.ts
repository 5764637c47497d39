import { PRIVACY_NOTICE_VERSION, termsPath } from '@coop/core/contracts';
import { programmeName, type FraudThresholds, type Programme, DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findAccountByEmail, findAccountByReferralCode, insertAccount } from '../accounts/account-store';
import { hashPassword } from '../../lib/password';
import { newReferralCode, normaliseReferralCode } from '../../lib/referral-code';
import { checkSignup, type SignupOrigin } from '../member-review/fraud-signals';
import { currentPlan } from '../plans/plan-book';
import { enqueueMail } from '../notifications/mail-queue';
import { issueMailToken } from './mail-tokens';

export interface SignupData {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  password: string;
  referralCode?: string;
  /** The plan version whose terms the form showed; absent (API clients): the version in force. */
  termsVersion?: number;
}

/**
 * The terms accepted must be those in force (decision 0060): a form opened before a publication showed the old
 * version, whose figures no longer apply to a new member, so the person reads the new terms and accepts them.
 */
async function termsInForce(db: Db, programme: Programme, accepted: number | undefined) {
  const { version } = await currentPlan(db, programme);
  if (accepted !== undefined && accepted !== version)
    throw new DomainError(
      'terms_outdated',
      `The terms changed while this page was open: version ${version} of the ${programmeName(programme)} platform's terms now applies to new members. Please read the new terms at ${termsPath(programme, version)} and accept them to register.`,
    );
  return version;
}

async function findSponsor(db: Db, programme: Programme, code: string | undefined) {
  if (!code) return null;
  const sponsor = await findAccountByReferralCode(db, normaliseReferralCode(code));
  if (!sponsor)
    throw new DomainError(
      'unknown_referral_code',
      'This referral code does not exist. Check it, or leave the field empty.',
    );
  if (sponsor.programme !== programme) {
    throw new DomainError(
      'referral_code_other_programme',
      `This referral code belongs to the ${programmeName(sponsor.programme)} platform. Use a ${programmeName(programme)} platform referral code, or leave the field empty.`,
    );
  }
  return sponsor.id;
}

const emailTaken = (programme: Programme) =>
  new DomainError(
    'email_taken',
    `An account with this email already exists on the ${programmeName(programme)} platform. Sign in, or reset your password.`,
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
  const termsVersion = await termsInForce(db, programme, data.termsVersion);
  const sponsorAccountId = await findSponsor(db, programme, data.referralCode);
  const passwordHash = await hashPassword(data.password, settings.passwordHashCost);
  return db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const row = await insertAccount(tx, {
        programme,
        email: data.email,
        fullName: data.fullName,
        phone: data.phone,
        address: data.address,
        passwordHash,
        referralCode: newReferralCode(),
        sponsorAccountId,
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        privacyNoticeAcceptedAt: sql`now()`,
        termsVersion,
        termsAcceptedAt: sql`now()`,
      });
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
      if (await findAccountByEmail(tx, programme, data.email)) throw emailTaken(programme);
    }
    // 31^8 codes: eight collisions in a row means something is wrong with the generator, not bad luck.
    throw new Error('could not draw a free referral code');
  });
}
