import { PROGRAMMES, type Plan } from '@coop/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { approvalRequests } from './approvals';

export const PLAN_VERSION_STATUSES = ['draft', 'submitted', 'scheduled', 'published', 'superseded'] as const;

/**
 * The compensation plan of each programme as versions: drafts an administrator edits, one waiting for a second
 * administrator, the published one new positions join under, and the superseded ones that positions which joined
 * earlier are still paid by. A published or superseded row never changes its plan (a trigger refuses it).
 * Version 1 of each programme is the plan of packages/core, seeded by migration 0025. A version approved for a later
 * time is 'scheduled' until then (migration 0040, decision 0062): the version in force is read by time.
 */
export const planVersions = pgTable(
  'plan_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
    status: text('status', { enum: PLAN_VERSION_STATUSES }).notNull().default('draft'),
    /** Set when published: the next number of the programme. */
    version: integer('version'),
    /** The published version the draft was written against; its differences are counted from it. */
    basedOn: integer('based_on').notNull(),
    plan: jsonb('plan').$type<Plan>().notNull(),
    createdBy: uuid('created_by').references(() => accounts.id),
    approvalRequestId: bigint('approval_request_id', { mode: 'number' }).references(
      () => approvalRequests.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** From when new positions join under it (a scheduled version: in the future until then). */
    effectiveAt: timestamp('effective_at', { withTimezone: true }),
    /** The time the maker asked it to take effect when submitting it; null: at once on approval. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('plan_versions_programme_version').on(t.programme, t.version),
    // One current version per programme, whatever two approvals do at once.
    uniqueIndex('plan_versions_one_published')
      .on(t.programme)
      .where(sql`${t.status} = 'published'`),
    // One version waits for its time per programme.
    uniqueIndex('plan_versions_one_scheduled')
      .on(t.programme)
      .where(sql`${t.status} = 'scheduled'`),
    index('plan_versions_programme_idx').on(t.programme, t.id),
    check(
      'plan_versions_status_known',
      sql`${t.status} in ('draft', 'submitted', 'scheduled', 'published', 'superseded')`,
    ),
    check(
      'plan_versions_published_numbered',
      sql`(${t.status} in ('scheduled', 'published', 'superseded')) = (${t.version} is not null and ${t.effectiveAt} is not null)`,
    ),
  ],
);
