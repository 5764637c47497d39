import { Worker } from 'node:worker_threads';
import type { PlanSimulationInput, PlanSimulationReport } from '@coop/core';
import type { SimulationHeadline } from '@coop/core/contracts';

export interface SimulationResult {
  report: PlanSimulationReport;
  /** A stored draft's figures at the headline sizes; null for other simulations. */
  headline: SimulationHeadline | null;
}

export interface RunningSimulation {
  readonly report: Promise<SimulationResult>;
  stop(): Promise<void>;
}

// The server runs its TypeScript through tsx (decision 0002), registered on the main thread only: a worker thread
// registers it again before loading its own file.
const tsxApi = import.meta.resolve('tsx/esm/api');
const workerFile = new URL('./simulation-worker.ts', import.meta.url).href;
const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerFile)}); });`;

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
  const worker = new Worker(bootstrap, { eval: true, workerData: { input, headlineMembers } });
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
