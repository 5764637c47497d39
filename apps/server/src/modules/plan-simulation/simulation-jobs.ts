import { DomainError } from '@coop/core';
import { randomUUID } from 'node:crypto';
import type { PlanSimulationInput } from '@coop/core';
import type { SimulationJob } from '@coop/core/contracts';
import { runInWorker, type RunningSimulation } from './run-in-worker';

/** Two at once on this instance: the machine's cores are the limit, and a simulation keeps one busy. */
const MAX_RUNNING = 2;
/** A finished job's figures wait this long for the screen that polls them. */
const KEPT_MS = 15 * 60_000;

export interface SimulationJobs {
  /** Starts a simulation in a worker thread; refused (429) while the instance runs as many as it can. */
  start(input: PlanSimulationInput): SimulationJob;
  get(id: string): SimulationJob | undefined;
  close(): Promise<void>;
}

/**
 * The simulations of this instance, by job id, in memory: the screen polls its job on the instance that started it
 * (decision 0032). Finished figures are forgotten after a quarter of an hour.
 */
export function createSimulationJobs(log: {
  error: (details: object, message: string) => void;
}): SimulationJobs {
  const jobs = new Map<
    string,
    { job: SimulationJob; running: RunningSimulation | null; timer?: NodeJS.Timeout }
  >();
  const running = () => [...jobs.values()].filter((j) => j.running !== null).length;
  const forgetLater = (id: string) => {
    const entry = jobs.get(id)!;
    entry.running = null;
    entry.timer = setTimeout(() => jobs.delete(id), KEPT_MS);
    entry.timer.unref();
  };

  return {
    start(input) {
      if (running() >= MAX_RUNNING)
        throw new DomainError(
          'simulations_busy',
          'Other simulations are running. Try again in a few seconds.',
        );
      const id = randomUUID();
      const job: SimulationJob = { id, status: 'running', done: 0, total: 0 };
      const simulation = runInWorker(input, (done, total) => {
        const entry = jobs.get(id);
        if (entry?.job.status === 'running') entry.job = { id, status: 'running', done, total };
      });
      jobs.set(id, { job, running: simulation });
      simulation.report.then(
        (report) => {
          jobs.get(id)!.job = { id, status: 'finished', report };
          forgetLater(id);
        },
        (error: unknown) => {
          log.error({ err: error, job: id }, 'plan simulation failed');
          jobs.get(id)!.job = {
            id,
            status: 'failed',
            message: 'The simulation failed. Try again; if it fails again, tell the developers.',
          };
          forgetLater(id);
        },
      );
      return job;
    },
    get: (id) => jobs.get(id)?.job,
    async close() {
      for (const entry of jobs.values()) {
        clearTimeout(entry.timer);
        await entry.running?.stop();
      }
      jobs.clear();
    },
  };
}
