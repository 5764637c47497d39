import type { PlanSimulationInput, PlanSimulationReport } from '@coop/core';
import type { SimulationHeadline } from '@coop/core/contracts';
import { startTsWorker } from '../../lib/ts-worker';

export interface SimulationResult {
  report: PlanSimulationReport;
  /** A stored draft's figures at the headline sizes; null for other simulations. */
  headline: SimulationHeadline | null;
}

export interface RunningSimulation {
  readonly report: Promise<SimulationResult>;
  stop(): Promise<void>;
}

/** Longer than any allowed simulation takes (500,000 joins): a worker past it is stopped and the job fails. */
const TIME_LIMIT_MS = 60_000;

/**
 * Runs one simulation in a worker thread, off the request thread, reporting progress as it goes; then, for a
 * draft's approval, the same assumptions at each of `headlineMembers` new members.
 */
export function runInWorker(
  input: PlanSimulationInput,
  headlineMembers: readonly number[],
  onProgress: (done: number, total: number) => void,
): RunningSimulation {
  const worker = startTsWorker(new URL('./simulation-worker.ts', import.meta.url), {
    workerData: { input, headlineMembers },
  });
  const report = new Promise<SimulationResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('The simulation took too long and was stopped.'));
      void worker.terminate();
    }, TIME_LIMIT_MS);
    worker.on(
      'message',
      (
        message:
          | { kind: 'progress'; done: number; total: number }
          | { kind: 'finished'; report: PlanSimulationReport; headline: SimulationHeadline | null },
      ) => {
        if (message.kind === 'progress') return onProgress(message.done, message.total);
        clearTimeout(timer);
        resolve({ report: message.report, headline: message.headline });
        void worker.terminate();
      },
    );
    worker.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The simulation stopped before its end (exit ${code}).`));
    });
  });
  return { report, stop: async () => void (await worker.terminate()) };
}
