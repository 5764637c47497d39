import type { PlanSimulationReport, Programme } from '@coop/core';
import type { SimulationHeadline, SimulationJob } from '@coop/core/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountName } from '../accounts/account-sql';
import { draftContentHashSql } from '../plans/draft-content';

/** A running job whose instance has not written for this long stopped with its instance: it is interrupted. */
export const HEARTBEAT_STALE_SECONDS = 15;

export const INTERRUPTED_MESSAGE =
  'The simulation was interrupted: the server running it stopped (a restart) before it finished. Run it again.';

interface JobRow {
  id: string;
  plan_version_id: string | number | null;
  against_version: number;
  status: SimulationJob['status'];
  done: number;
  total: number;
  report: PlanSimulationReport | null;
  headline: SimulationHeadline | null;
  message: string | null;
  started_by_name: string | null;
  started_at: Date | string;
  stale: boolean;
}

export interface NewJob {
  id: string;
  programme: Programme;
  draft: { id: number; hash: string } | null;
  againstVersion: number;
  input: unknown;
  instanceId: string;
  startedBy: string | null;
}

export async function insertJob(db: Tx, job: NewJob) {
  await db.execute(sql`insert into simulation_jobs (id, programme, plan_version_id, draft_hash, against_version, input, instance_id, started_by)
    values (${job.id}, ${job.programme}, ${job.draft?.id ?? null}, ${job.draft?.hash ?? null}, ${job.againstVersion},
            ${JSON.stringify(job.input)}::jsonb, ${job.instanceId}, ${job.startedBy})`);
}

/** Progress, written at most once a second by the instance running it; it is also the job's heartbeat. */
export async function writeProgress(db: Tx, id: string, done: number, total: number) {
  await db.execute(
    sql`update simulation_jobs set done = ${done}, total = ${total}, heartbeat_at = now() where id = ${id} and status = 'running'`,
  );
}

export async function writeEnd(
  db: Tx,
  id: string,
  end:
    | { status: 'finished'; report: PlanSimulationReport; headline: SimulationHeadline | null }
    | { status: 'failed' | 'interrupted'; message: string },
) {
  await db.execute(sql`update simulation_jobs set status = ${end.status}, finished_at = now(), heartbeat_at = now(),
    report = ${end.status === 'finished' ? JSON.stringify(end.report) : null}::jsonb,
    headline = ${end.status === 'finished' && end.headline ? JSON.stringify(end.headline) : null}::jsonb,
    message = ${end.status === 'finished' ? null : end.message}
    where id = ${id} and status = 'running'`);
}

/** The running jobs of an instance that stops are interrupted at once, not when their heartbeat goes stale. */
export async function interruptInstance(db: Tx, instanceId: string) {
  await db.execute(sql`update simulation_jobs set status = 'interrupted', message = ${INTERRUPTED_MESSAGE}, finished_at = now()
    where instance_id = ${instanceId} and status = 'running'`);
}

const iso = (value: Date | string) => new Date(value).toISOString();

function jobView(row: JobRow): SimulationJob {
  const facts = {
    id: row.id,
    draftId: row.plan_version_id === null ? null : Number(row.plan_version_id),
    againstVersion: row.against_version,
    startedBy: row.started_by_name,
    startedAt: iso(row.started_at),
  };
  if (row.status === 'running' && row.stale)
    return { ...facts, status: 'interrupted', message: INTERRUPTED_MESSAGE };
  switch (row.status) {
    case 'running':
      return { ...facts, status: 'running', done: row.done, total: row.total };
    case 'finished':
      return { ...facts, status: 'finished', report: row.report!, headline: row.headline };
    case 'failed':
      return { ...facts, status: 'failed', message: row.message ?? 'The simulation failed.' };
    case 'interrupted':
      return { ...facts, status: 'interrupted', message: row.message ?? INTERRUPTED_MESSAGE };
  }
}

/**
 * A job as any instance shows it. A running job whose heartbeat stopped (its instance crashed or was stopped
 * without closing) is interrupted: it is written so, once, and shown so.
 */
export async function findJob(db: Tx, id: string): Promise<SimulationJob | undefined> {
  const [row] = await queryRows<JobRow>(
    db,
    sql`select j.id, j.plan_version_id, j.against_version, j.status, j.done, j.total, j.report, j.headline, j.message,
          ${accountName(sql`j.started_by`)} as started_by_name, j.started_at,
          (j.status = 'running' and j.heartbeat_at < now() - make_interval(secs => ${HEARTBEAT_STALE_SECONDS})) as stale
        from simulation_jobs j where j.id = ${id}`,
  );
  if (!row) return undefined;
  if (row.stale)
    await db.execute(sql`update simulation_jobs set status = 'interrupted', message = ${INTERRUPTED_MESSAGE}, finished_at = now()
      where id = ${id} and status = 'running'`);
  return jobView(row);
}

/**
 * The latest simulation of the draft `draftIdSql` as it is now (its hash is the draft's hash now), as a jsonb
 * column (approvalSimulationSchema) of another statement: the plan approval's card (decision 0061). A running
 * job whose heartbeat stopped reads as interrupted.
 */
export const currentDraftSimulationSql = (draftIdSql: SQL): SQL => sql`(
  select jsonb_build_object(
    'jobId', j.id,
    'status', case when j.status = 'running' and j.heartbeat_at < now() - make_interval(secs => ${HEARTBEAT_STALE_SECONDS})
                   then 'interrupted' else j.status end,
    'againstVersion', j.against_version,
    'finishedAt', j.finished_at,
    'headline', j.headline)
  from simulation_jobs j
  where j.plan_version_id = ${draftIdSql} and j.draft_hash = ${draftContentHashSql(draftIdSql)}
  order by (j.status = 'finished') desc, j.started_at desc limit 1)`;

/** The version in force the latest finished simulation of the draft as it is now was compared with; null: none. */
export async function finishedCurrentSimulation(db: Tx, draftId: number) {
  const [row] = await queryRows<{ id: string; against_version: number }>(
    db,
    sql`select j.id, j.against_version from simulation_jobs j
        where j.plan_version_id = ${draftId} and j.status = 'finished' and j.draft_hash = ${draftContentHashSql(sql`${draftId}`)}
        order by j.started_at desc limit 1`,
  );
  return row ? { jobId: row.id, againstVersion: row.against_version } : null;
}

/** Ended jobs are kept this long; the latest finished job of each draft is kept for good (its approval shows it). */
const KEPT_DAYS = 30;

/**
 * The daily sweep: running jobs whose heartbeat stopped are written interrupted (read, they already say so), and
 * ended jobs older than KEPT_DAYS are deleted, but for the latest finished simulation of each draft. Answers how
 * many were deleted.
 */
export async function sweepJobs(db: Tx, now: Date): Promise<number> {
  await db.execute(sql`update simulation_jobs set status = 'interrupted', message = ${INTERRUPTED_MESSAGE}, finished_at = ${now}
    where status = 'running' and heartbeat_at < ${now}::timestamptz - make_interval(secs => ${HEARTBEAT_STALE_SECONDS})`);
  const deleted = await queryRows<{ id: string }>(
    db,
    sql`delete from simulation_jobs j
        where j.status <> 'running' and j.finished_at < ${now}::timestamptz - make_interval(days => ${KEPT_DAYS})
          and not (j.status = 'finished' and j.plan_version_id is not null and j.id = (
            select k.id from simulation_jobs k where k.plan_version_id = j.plan_version_id and k.status = 'finished'
            order by k.started_at desc limit 1))
        returning j.id`,
  );
  return deleted.length;
}
