import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const APPROVAL_KINDS = [
  'cash_out',
  'payout_run',
  'grant_approval',
  'make_admin',
  'remove_admin',
  'close_account',
  'payout_retry',
  'erase_member',
  'refund',
  'plan_version',
  'bank_file_record',
  'bank_file_reversal',
  'dispute_accept',
] as const;

export const APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'failed'] as const;

/**
 * Maker-checker: an administrator's act that needs a second administrator. The act runs only when another
 * administrator approves (checker <> maker), once: the row is locked and moves from pending exactly once.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** What the checker reads: the act in the product's words. */
    summary: text('summary').notNull(),
    targetAccountId: uuid('target_account_id').references(() => accounts.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }),
    /** What the maker saw when asking (the payees, amounts and account endings), frozen: approval carries out this. */
    preview: jsonb('preview').$type<Record<string, unknown>>(),
    /** The thing the act is about (a month's run, a member's cash-out): one pending request per subject. */
    subjectKey: text('subject_key'),
    /** When the other administrators were reminded that the request still waits. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** The maker's key: the same form submission again is the same request. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    makerAccountId: uuid('maker_account_id')
      .notNull()
      .references(() => accounts.id),
    checkerAccountId: uuid('checker_account_id').references(() => accounts.id),
    declineReason: text('decline_reason'),
    failureReason: text('failure_reason'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /**
     * Money the request set aside from a member's wallet while it waits (a cash-out's reservation, decision 0040):
     * carried out on approval, given back once if it is declined, withdrawn or fails.
     */
    heldKobo: bigint('held_kobo', { mode: 'number' }),
    /**
     * A request with a notice period (removing an administrator, decision 0038) takes effect at this time with no
     * checker, unless an administrator other than its maker and the one it concerns declines it first.
     */
    takesEffectAt: timestamp('takes_effect_at', { withTimezone: true }),
    /** The objection of the administrator the request concerns: recorded and mailed, it does not decline the request. */
    objection: text('objection'),
    objectedAt: timestamp('objected_at', { withTimezone: true }),
    /** Completed at once by its maker because the deployment runs with SINGLE_ADMIN_APPROVAL=true. */
    singleAdmin: boolean('single_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('approval_requests_status_idx').on(t.status, t.createdAt),
    uniqueIndex('approval_requests_pending_subject')
      .on(t.subjectKey)
      .where(sql`${t.status} = 'pending' and ${t.subjectKey} is not null`),
    index('approval_requests_takes_effect_idx')
      .on(t.takesEffectAt)
      .where(sql`${t.status} = 'pending' and ${t.takesEffectAt} is not null`),
    check(
      'approval_requests_kind_known',
      sql`${t.kind} in ('cash_out', 'payout_run', 'grant_approval', 'make_admin', 'remove_admin', 'close_account', 'payout_retry', 'erase_member', 'refund', 'plan_version', 'bank_file_record', 'bank_file_reversal', 'dispute_accept')`,
    ),
    check(
      'approval_requests_status_known',
      sql`${t.status} in ('pending', 'approved', 'declined', 'failed')`,
    ),
    check(
      'approval_requests_checker_not_maker',
      // The maker may withdraw (decline) their own request, never approve it.
      sql`${t.singleAdmin} or ${t.checkerAccountId} is null or ${t.checkerAccountId} <> ${t.makerAccountId} or ${t.status} = 'declined'`,
    ),
  ],
);
