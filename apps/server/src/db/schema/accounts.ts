import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A person's account in one programme: an email may hold one Main and one Welcome Back account. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programme: text('programme', { enum: ['main', 'welcomeback'] }).notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    referralCode: text('referral_code').notNull(),
    sponsorAccountId: uuid('sponsor_account_id'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    tokenVersion: integer('token_version').notNull().default(0),
    status: text('status', { enum: ['active', 'suspended', 'closed'] })
      .notNull()
      .default('active'),
    /** Closure (terms: within 7 business days of the confirmation mail): asked, confirmed from the mail, done. */
    closureRequestedAt: timestamp('closure_requested_at', { withTimezone: true }),
    closureConfirmedAt: timestamp('closure_confirmed_at', { withTimezone: true }),
    /** When the account became closed: the retention of its personal data counts from here. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The member asked for their personal data to be erased once the account is closed. */
    erasureRequestedAt: timestamp('erasure_requested_at', { withTimezone: true }),
    /** Set by the operator while a court, the Commission or the police need the data kept; defers erasure. */
    legalHoldReason: text('legal_hold_reason'),
    /** Personal fields replaced (decision 0029); the books keep amounts, dates and references. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** The privacy notice's version the member accepted last (at sign-up, or after a new version). */
    privacyNoticeVersion: text('privacy_notice_version'),
    /** When the member accepted that version (sign-up, or the What changed prompt after a new version). */
    privacyNoticeAcceptedAt: timestamp('privacy_notice_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_programme_email_key').on(t.programme, t.email),
    uniqueIndex('accounts_referral_code_key').on(t.referralCode),
    index('accounts_sponsor_idx').on(t.sponsorAccountId),
    check('accounts_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);
