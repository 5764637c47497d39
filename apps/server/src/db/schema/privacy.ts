import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** One row per run of the retention job: what it deleted or erased, by kind, so the operator can show it was done. */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  },
  (t) => [index('retention_runs_ran_idx').on(t.ranAt)],
);

/**
 * The register of members' requests under sections 34-38 (decision 0030): those the platform receives itself (a My
 * Data download, a correction, an erasure request) are entered as they happen; the operator enters the rest.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', {
      enum: ['access', 'correction', 'erasure', 'objection', 'restriction', 'portability'],
    }).notNull(),
    source: text('source', { enum: ['platform', 'operator'] }).notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    requester: text('requester').notNull(),
    details: text('details').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['received', 'in_progress', 'answered', 'refused'] })
      .notNull()
      .default('received'),
    answer: text('answer').notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    enteredBy: uuid('entered_by').references(() => accounts.id),
  },
  (t) => [
    index('privacy_requests_received_idx').on(t.receivedAt),
    index('privacy_requests_account_idx').on(t.accountId),
  ],
);

/** The breach register (section 40): found at, what, how many members, and when the Commission and the members were told. */
export const breaches = pgTable('breaches', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
  what: text('what').notNull(),
  dataKinds: text('data_kinds').notNull(),
  membersAffected: integer('members_affected').notNull(),
  commissionToldAt: timestamp('commission_told_at', { withTimezone: true }),
  membersToldAt: timestamp('members_told_at', { withTimezone: true }),
  membersMailed: integer('members_mailed').notNull().default(0),
  recordedBy: uuid('recorded_by').references(() => accounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A large My Data download, built by the job runner (decision 0030): asked, then built (the zip kept here), then
 * fetched through the mailed link until it expires; the retention job deletes it after.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    requestId: bigint('request_id', { mode: 'number' }).references(() => privacyRequests.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    builtAt: timestamp('built_at', { withTimezone: true }),
    archive: bytea('archive'),
    filename: text('filename'),
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloads: integer('downloads').notNull().default(0),
  },
  (t) => [index('data_exports_account_idx').on(t.accountId)],
);
