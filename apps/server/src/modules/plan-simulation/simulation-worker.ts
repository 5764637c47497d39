import { parentPort, workerData } from 'node:worker_threads';
import { simulatePlan, type PlanSimulationInput } from '@coop/core';

/** The worker thread's whole work: one simulation, its progress after each month, then its figures. */
const port = parentPort!;
const report = simulatePlan(workerData as PlanSimulationInput, {
  onProgress: (done, total) => port.postMessage({ kind: 'progress', done, total }),
});
port.postMessage({ kind: 'finished', report });
