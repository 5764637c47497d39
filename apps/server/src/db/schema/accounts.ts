import { PROGRAMMES } from '@coop/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A person's account in one programme: an email may hold one Main and one Welcome Back account. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
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
    /** The plan version of the account's programme whose terms the member accepted at sign-up (decision 0060). */
    termsVersion: integer('terms_version'),
    /** When the member accepted those terms. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
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

/** Every change of an account's status (suspend, reinstate, close), with who decided it and why. */
export const accountStatusChanges = pgTable(
  'account_status_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** A suspension's or an administrator's closure's reason code (the member is told it), or 'reinstated'. */
    reason: text('reason').notNull(),
    /** The administrator's own words, kept for the record; never shown to the member. */
    note: text('note').notNull(),
    actorAccountId: uuid('actor_account_id').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_status_changes_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * An administrator's correction of a member's email, waiting for the new address to confirm it: the account keeps
 * its old email until the mailed link is used. Only the token's hash is kept; a newer request ends the older one.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => accounts.id),
    reason: text('reason').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_changes_one_open_key')
      .on(t.accountId)
      .where(sql`${t.confirmedAt} is null and ${t.cancelledAt} is null`),
    check('email_changes_new_email_lowercase', sql`${t.newEmail} = lower(${t.newEmail})`),
  ],
);

/** Where a sign-up came from, kept only to compare sign-ups with each other for fraud signals. */
export const signupOrigins = pgTable(
  'signup_origins',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signup_origins_ip_idx').on(t.ip, t.createdAt)],
);
