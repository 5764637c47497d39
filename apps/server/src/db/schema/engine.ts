import { PROGRAMMES } from '@coop/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { journalEntries } from './ledger';

/**
 * One paid entry of an account into its programme's forced width-2 matrix.
 * The row carries what a join needs so that placement and promotion touch a bounded number of rows:
 * full_depth (complete levels of the subtree, for breadth-first placement), level_counts (positions at
 * relative depths 1..W, for stages) and ancestors (the nearest W ancestors).
 */
export const positions = pgTable(
  'positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    sponsorPositionId: bigint('sponsor_position_id', { mode: 'number' }),
    parentId: bigint('parent_id', { mode: 'number' }),
    slot: smallint('slot'),
    depth: integer('depth').notNull(),
    fullDepth: integer('full_depth').notNull().default(0),
    levelCounts: integer('level_counts').array().notNull(),
    ancestors: bigint('ancestors', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Positions below this one, however deep (Referral Node): moved in the activation's own transaction (decision 0015). */
    subtreeSize: integer('subtree_size').notNull().default(0),
    directReferrals: integer('direct_referrals').notNull().default(0),
    /** The credits paid for this position, by kind, moved with each credit in the same transaction (decision 0015). */
    creditedReferralKobo: bigint('credited_referral_kobo', { mode: 'number' }).notNull().default(0),
    creditedActivitiesKobo: bigint('credited_activities_kobo', { mode: 'number' }).notNull().default(0),
    creditedGraduatingKobo: bigint('credited_graduating_kobo', { mode: 'number' }).notNull().default(0),
    creditedThankYouKobo: bigint('credited_thank_you_kobo', { mode: 'number' }).notNull().default(0),
    creditedHealthFeeKobo: bigint('credited_health_fee_kobo', { mode: 'number' }).notNull().default(0),
    referralBonusesPaid: integer('referral_bonuses_paid').notNull().default(0),
    stage: smallint('stage').notNull().default(0),
    cycle: integer('cycle').notNull().default(1),
    planVersion: integer('plan_version').notNull(),
    /** The payment that bought this position: one position per payment, whatever retries happen. */
    paymentReference: text('payment_reference').unique(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('positions_parent_slot_key').on(t.parentId, t.slot),
    uniqueIndex('positions_one_root_key')
      .on(t.programme)
      .where(sql`${t.parentId} is null`),
    index('positions_account_idx').on(t.accountId),
    index('positions_sponsor_idx').on(t.sponsorPositionId),
    check('positions_slot_range', sql`${t.slot} is null or ${t.slot} in (0, 1)`),
  ],
);

/**
 * A number per account that grows, in the same transaction, whenever anything its dashboard reads from positions,
 * awards or its wallet changes (the triggers in migration 0015). A server keeps an account's figures with the
 * version it read them at and reads them again only when the version has moved (decision 0015).
 */
export const figuresVersions = pgTable('figures_versions', {
  accountId: uuid('account_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * How many positions stand at each level below a position (level 1: its children), however deep: one more at each
 * level above a new position, moved by its activation (migration 0027). The matrix screen's count of the first level
 * with room is one look-up instead of a walk through the subtree (decision 0034).
 */
export const matrixLevelSizes = pgTable(
  'matrix_level_sizes',
  {
    positionId: bigint('position_id', { mode: 'number' }).notNull(),
    level: integer('level').notNull(),
    positions: integer('positions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.positionId, t.level] })],
);

/**
 * Every cash benefit a position earned, keyed by (position, cause, kind) so that no retry, race or replay
 * can pay the same thing twice. The money itself moves in the journal entry it points to.
 */
export const credits = pgTable(
  'credits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    positionId: bigint('position_id', { mode: 'number' })
      .notNull()
      .references(() => positions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
    kind: text('kind', {
      enum: ['referral', 'activities', 'graduating', 'thank_you', 'health_fee'],
    }).notNull(),
    stage: smallint('stage'),
    cause: text('cause').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    planVersion: integer('plan_version').notNull(),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credits_position_cause_kind_key').on(t.positionId, t.cause, t.kind),
    index('credits_account_idx').on(t.accountId),
    // The wallet history tells a bonus entry's lines from the others by its credits: without it, every call hashed all credits.
    index('credits_entry_idx').on(t.journalEntryId),
  ],
);

/** Non-cash awards: recorded with a fulfilment status, never paid into the wallet. */
export const awards = pgTable(
  'awards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    positionId: bigint('position_id', { mode: 'number' })
      .notNull()
      .references(() => positions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
    kind: text('kind').notNull(),
    stage: smallint('stage').notNull(),
    installment: smallint('installment').notNull().default(1),
    valueKobo: bigint('value_kobo', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['pending', 'delivered'] })
      .notNull()
      .default('pending'),
    planVersion: integer('plan_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the installment falls due: the first when earned, each next one a year after the one before (Golden Crown). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('awards_position_kind_installment_key').on(t.positionId, t.kind, t.installment),
    index('awards_account_idx').on(t.accountId),
  ],
);
