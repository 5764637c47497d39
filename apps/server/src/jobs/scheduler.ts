import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { scheduledJobs } from '../db/schema';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/unavailable';

export interface ScheduledJob {
  /** Unique across the platform: the name of the job's row in scheduled_jobs. */
  name: string;
  /** How often the job runs, counted from the moment an instance claimed it. */
  everyMs: number;
  /** The work; it must be safe to run again after a crash halfway (it is, at the latest, one period later). */
  run(now: Date): Promise<unknown>;
}

export interface Scheduler {
  /** Declares a job; modules call this while the app is being built. */
  add(job: ScheduledJob): void;
  /** Runs every job whose time has come and that no other instance claimed first; returns the names it ran. */
  runDue(now?: Date): Promise<string[]>;
  /** This process's name in scheduled_jobs.last_instance. */
  readonly instance: string;
  /**
   * Stopping (SIGTERM, decision 0045): no job is claimed from now on, by a tick in flight either, so every job not
   * yet started stays due for the other instances; resolves once the job running here, if any, has finished.
   */
  stop(): Promise<void>;
  /**
   * Gives back the periods of the jobs still running here, for a process about to exit without waiting for them
   * (its drain limit ran out): each is due again at once, so another instance runs it at its next tick instead of
   * a period later. Returns their names.
   */
  releaseUnfinished(): Promise<string[]>;
}

const TICK_MS = 15_000;

/**
 * Claims a job's period: one UPDATE moves next_run_at past `now` only if it had come. PostgreSQL makes a second
 * instance's UPDATE wait for the first and then re-check the WHERE, which no longer holds, so exactly one
 * instance gets the row back. No lock is held while the job runs.
 */
export async function claimJob(
  db: Db,
  job: Pick<ScheduledJob, 'name' | 'everyMs'>,
  now: Date,
  instance: string,
): Promise<boolean> {
  await db.insert(scheduledJobs).values({ name: job.name, nextRunAt: now }).onConflictDoNothing();
  const claimed = await db
    .update(scheduledJobs)
    .set({
      nextRunAt: new Date(now.getTime() + job.everyMs),
      runs: sql`${scheduledJobs.runs} + 1`,
      lastInstance: instance,
      lastStartedAt: now,
    })
    .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.nextRunAt, now)))
    .returning({ name: scheduledJobs.name });
  return claimed.length === 1;
}

/**
 * Per job this process declares: how many seconds ago its period came without any instance claiming it (0 when not
 * due), and whether its last run failed. A claimed job's next_run_at moves on at once, so lag grows only while
 * no instance looks (all stopped, JOBS_ENABLED off everywhere) or a tick is stuck in a job that does not return.
 */
export async function jobStates(db: Db, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({
      name: scheduledJobs.name,
      lagSeconds: sql<number>`greatest(0, extract(epoch from (now() - ${scheduledJobs.nextRunAt})))::float8`,
      failed: sql<boolean>`${scheduledJobs.lastError} is not null`,
    })
    .from(scheduledJobs)
    .where(inArray(scheduledJobs.name, names));
}

export function createScheduler(app: FastifyInstance): Scheduler {
  const jobs: ScheduledJob[] = [];
  const instance = `${process.pid}-${randomUUID().slice(0, 8)}`;
  /**
   * Runs' ends the database could not take (it went away meanwhile, decision 0042), recorded at the next tick that
   * reaches it. `again`: the run was cut short by the outage, so it is due again at once rather than a period later.
   */
  const unrecorded = new Map<string, { finishedAt: Date; lastError: string | null; again: boolean }>();
  const recordFinish = (
    name: string,
    finish: { finishedAt: Date; lastError: string | null; again: boolean },
  ) =>
    app.db
      .update(scheduledJobs)
      .set({
        lastFinishedAt: finish.finishedAt,
        lastError: finish.lastError,
        ...(finish.again ? { nextRunAt: sql`least(${scheduledJobs.nextRunAt}, ${finish.finishedAt})` } : {}),
      })
      .where(eq(scheduledJobs.name, name));
  let stopping = false;
  /** The jobs this process has claimed and is running now: what releaseUnfinished gives back. */
  const running = new Set<string>();
  const passes = new Set<Promise<unknown>>();
  const runOne = async (job: ScheduledJob, now: Date) => {
    if (stopping || !(await claimJob(app.db, job, now, instance))) return false;
    let lastError: string | null = null;
    let again = false;
    running.add(job.name);
    try {
      await job.run(now);
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      again = isDatabaseUnavailable(error);
      if (again)
        app.log.warn(
          { job: job.name, reason: describeDatabaseError(error) },
          'a scheduled job was cut short: the database went away; it runs again once the database answers',
        );
      else app.log.error({ err: error, job: job.name }, 'a scheduled job failed; it runs again next period');
    } finally {
      running.delete(job.name);
    }
    const finish = { finishedAt: new Date(), lastError, again };
    try {
      await recordFinish(job.name, finish);
    } catch (error) {
      if (isDatabaseUnavailable(error)) unrecorded.set(job.name, finish);
      throw error;
    }
    return true;
  };
  app.metrics.gauge({
    name: 'coop_job_lag_seconds',
    help: 'Seconds since a scheduled job was due and no instance ran it (0 when not due)',
    labelNames: ['scheduled_job'],
    read: async () =>
      (
        await jobStates(
          app.db,
          jobs.map((j) => j.name),
        )
      ).map((row) => ({ labels: { scheduled_job: row.name }, value: Number(row.lagSeconds) })),
  });
  app.metrics.gauge({
    name: 'coop_job_last_run_failed',
    help: "Whether a scheduled job's last run ended in an error (1) or not (0); scheduled_jobs.last_error says which",
    labelNames: ['scheduled_job'],
    read: async () =>
      (
        await jobStates(
          app.db,
          jobs.map((j) => j.name),
        )
      ).map((row) => ({ labels: { scheduled_job: row.name }, value: row.failed ? 1 : 0 })),
  });
  return {
    instance,
    add(job) {
      if (jobs.some((j) => j.name === job.name)) throw new Error(`scheduled job ${job.name} declared twice`);
      jobs.push(job);
    },
    runDue(now = new Date()) {
      const pass = (async () => {
        for (const [name, finish] of unrecorded) {
          await recordFinish(name, finish);
          unrecorded.delete(name);
        }
        const ran: string[] = [];
        for (const job of jobs) if (await runOne(job, now)) ran.push(job.name);
        return ran;
      })();
      passes.add(pass);
      void pass.finally(() => passes.delete(pass)).catch(() => {});
      return pass;
    },
    async stop() {
      stopping = true;
      await Promise.allSettled([...passes]);
    },
    async releaseUnfinished() {
      const names = [...running];
      if (names.length === 0) return [];
      // Due again from the moment this instance claimed it, on the clock every tick compares with (the instances'
      // own, as claimJob's `now`): the database's now() can be microseconds ahead of the next tick's millisecond
      // Date, which then saw the period as not yet come.
      await app.db
        .update(scheduledJobs)
        .set({
          nextRunAt: sql`least(${scheduledJobs.nextRunAt}, coalesce(${scheduledJobs.lastStartedAt}, now()))`,
        })
        .where(and(inArray(scheduledJobs.name, names), eq(scheduledJobs.lastInstance, instance)));
      return names;
    },
  };
}

/**
 * app.jobs: the one job runner. With JOBS_ENABLED (on by default outside tests) each instance looks every
 * 15 seconds for due jobs; whichever instance claims a job first runs it. Closing the app (or a SIGTERM, earlier:
 * server.ts) stops the claiming and waits for the job running here.
 */
export const schedulerPlugin = fp(async (app: FastifyInstance) => {
  const scheduler = createScheduler(app);
  app.decorate('jobs', scheduler);
  if (!app.config.jobsEnabled) return;
  let tick: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const runTick = () => {
    if (tick) return;
    tick = scheduler
      .runDue()
      // Logged and left: the next tick looks again, so the jobs resume by themselves once the database answers.
      .catch((error: unknown) =>
        isDatabaseUnavailable(error)
          ? app.log.warn(
              { reason: describeDatabaseError(error) },
              'the job runner cannot reach the database; it looks again at its next tick',
            )
          : app.log.error({ err: error }, 'looking for due scheduled jobs failed'),
      )
      .finally(() => (tick = null));
  };
  app.addHook('onReady', async () => {
    runTick();
    timer = setInterval(runTick, TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await scheduler.stop();
  });
});
