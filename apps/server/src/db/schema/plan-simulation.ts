import { PROGRAMMES } from '@coop/core';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { planVersions } from './plans';

export const SIMULATION_JOB_STATUSES = ['running', 'finished', 'failed', 'interrupted'] as const;

/**
 * The plan simulator's jobs (modules/plan-simulation, decision 0061): stored so that any instance shows any job,
 * with its progress while it runs (written at most once a second by the instance running it, which is also its
 * heartbeat) and its report when finished. A running job whose heartbeat stopped is interrupted. A job of a stored
 * draft keeps the draft's id and the hash of its content when simulated: the approval reads it.
 */
export const simulationJobs = pgTable(
  'simulation_jobs',
  {
    id: uuid('id').primaryKey(),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
    planVersionId: bigint('plan_version_id', { mode: 'number' }).references(() => planVersions.id, {
      onDelete: 'cascade',
    }),
    /** md5 of the draft's plan as stored (jsonb text) when the job started. */
    draftHash: text('draft_hash'),
    /** The version in force the draft was compared with. */
    againstVersion: integer('against_version').notNull(),
    input: jsonb('input').notNull(),
    status: text('status', { enum: SIMULATION_JOB_STATUSES }).notNull().default('running'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    report: jsonb('report'),
    /** A draft's headline figures at 1,000 and 100,000 members, for its approval. */
    headline: jsonb('headline'),
    message: text('message'),
    /** The instance whose worker runs it: only that one writes its progress. */
    instanceId: text('instance_id').notNull(),
    startedBy: uuid('started_by').references(() => accounts.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('simulation_jobs_draft_idx').on(t.planVersionId, t.startedAt),
    index('simulation_jobs_running_idx')
      .on(t.instanceId)
      .where(sql`${t.status} = 'running'`),
    check(
      'simulation_jobs_status_known',
      sql`${t.status} in ('running', 'finished', 'failed', 'interrupted')`,
    ),
    check('simulation_jobs_draft_hashed', sql`(${t.planVersionId} is null) = (${t.draftHash} is null)`),
  ],
);
