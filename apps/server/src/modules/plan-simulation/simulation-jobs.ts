import { DomainError, type PlanSimulationInput, type Programme } from '@coop/core';
import type { SimulationJob } from '@coop/core/contracts';
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client';
import { HEADLINE_MEMBERS } from './headline';
import { runInWorker, type RunningSimulation } from './run-in-worker';
import {
  finishedCurrentSimulation,
  findJob,
  insertJob,
  interruptInstance,
  writeEnd,
  writeProgress,
} from './simulation-store';

/** Two at once on this instance: the machine's cores are the limit, and a simulation keeps one busy. */
const MAX_RUNNING = 2;
/** How often a running job's progress is written (and with it the heartbeat that tells it is still running). */
const PROGRESS_EVERY_MS = 1_000;

export interface StartSimulation {
  input: PlanSimulationInput;
  programme: Programme;
  /** The version in force the draft is compared with. */
  againstVersion: number;
  /** A stored draft: its id and content hash (its approval reads the job), and it is also run at the headline sizes. */
  draft: { id: number; hash: string } | null;
  startedBy: string | null;
}

export interface SimulationJobs {
  /** Starts a simulation in a worker thread; refused (429) while the instance runs as many as it can. */
  start(job: StartSimulation): Promise<SimulationJob>;
  /** A job of any instance, as stored. */
  get(id: string, db?: Tx): Promise<SimulationJob | undefined>;
  /** The latest finished simulation of the stored draft as it is now (its content hash), or null: its approval asks. */
  finishedOfDraft(db: Tx, draftId: number): Promise<{ jobId: string; againstVersion: number } | null>;
  close(): Promise<void>;
}

/**
 * The simulations, stored (decision 0061): this instance runs its own in worker threads, at most MAX_RUNNING, and
 * writes their progress at most once a second and their report when finished; any instance reads any job. An
 * instance that closes marks its running jobs interrupted; one that dies stops writing, and its jobs read as
 * interrupted once their heartbeat is stale.
 */
export function createSimulationJobs(
  db: Db,
  log: { error: (details: object, message: string) => void },
): SimulationJobs {
  const instanceId = randomUUID();
  const running = new Map<string, { simulation: RunningSimulation; done: number; total: number }>();
  let ticker: NodeJS.Timeout | undefined;
  const writeAll = async () => {
    for (const [id, entry] of running)
      await writeProgress(db, id, entry.done, entry.total).catch((error: unknown) =>
        log.error({ err: error, job: id }, 'plan simulation progress not written'),
      );
  };
  const tick = () => {
    if (ticker || running.size === 0) return;
    ticker = setInterval(() => {
      if (running.size === 0) {
        clearInterval(ticker);
        ticker = undefined;
        return;
      }
      void writeAll();
    }, PROGRESS_EVERY_MS);
    ticker.unref();
  };
  const end = async (id: string, outcome: Parameters<typeof writeEnd>[2]) => {
    running.delete(id);
    await writeEnd(db, id, outcome).catch((error: unknown) =>
      log.error({ err: error, job: id }, 'plan simulation end not written'),
    );
  };

  return {
    async start(job) {
      if (running.size >= MAX_RUNNING)
        throw new DomainError(
          'simulations_busy',
          'Other simulations are running. Try again in a few seconds.',
        );
      const id = randomUUID();
      await insertJob(db, {
        id,
        programme: job.programme,
        draft: job.draft,
        againstVersion: job.againstVersion,
        input: job.input,
        instanceId,
        startedBy: job.startedBy,
      });
      const simulation = runInWorker(job.input, job.draft ? HEADLINE_MEMBERS : [], (done, total) => {
        const entry = running.get(id);
        if (!entry) return;
        // The first month's progress is written at once (the screen leaves 0% soon); then once a second.
        if (entry.total === 0)
          void writeProgress(db, id, done, total).catch((error: unknown) =>
            log.error({ err: error, job: id }, 'plan simulation progress not written'),
          );
        Object.assign(entry, { done, total });
      });
      running.set(id, { simulation, done: 0, total: 0 });
      tick();
      simulation.report.then(
        ({ report, headline }) => end(id, { status: 'finished', report, headline }),
        (error: unknown) => {
          if (!running.has(id)) return; // stopped by close(): already interrupted
          log.error({ err: error, job: id }, 'plan simulation failed');
          return end(id, {
            status: 'failed',
            message: 'The simulation failed. Try again; if it fails again, tell the developers.',
          });
        },
      );
      return (await findJob(db, id))!;
    },
    get: (id, handle = db) => findJob(handle, id),
    finishedOfDraft: (handle, draftId) => finishedCurrentSimulation(handle, draftId),
    async close() {
      clearInterval(ticker);
      ticker = undefined;
      const stopping = [...running.values()];
      running.clear();
      for (const entry of stopping) await entry.simulation.stop();
      await interruptInstance(db, instanceId).catch((error: unknown) =>
        log.error({ err: error }, 'plan simulations not marked interrupted'),
      );
    },
  };
}
