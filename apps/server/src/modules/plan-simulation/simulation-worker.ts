import { parentPort, workerData } from 'node:worker_threads';
import { simulatePlan, type PlanSimulationInput } from '@coop/core';
import type { SimulationHeadline } from '@coop/core/contracts';
import { headlineSize, sizedInputs } from './headline';

/**
 * The worker thread's whole work: one simulation, its progress after each month, then its figures. A stored
 * draft's simulation runs again at the headline sizes with the same assumptions (decision 0061), its progress
 * counted on after the first run's.
 */
const port = parentPort!;
const { input, headlineMembers } = workerData as { input: PlanSimulationInput; headlineMembers: number[] };
const ahead = headlineMembers.reduce((sum, n) => sum + n, 0);
let before = 0;
const run = (runInput: PlanSimulationInput, after: number) =>
  simulatePlan(runInput, {
    onProgress: (done, total) =>
      port.postMessage({ kind: 'progress', done: before + done, total: before + total + after }),
  });
const report = run(input, ahead);
before = report.draft.totals.joins;
let left = ahead;
const sizes: SimulationHeadline['sizes'] = [];
for (const members of headlineMembers) {
  left -= members;
  const sized = run({ ...input, inputs: sizedInputs(input.inputs, members) }, left);
  before += sized.draft.totals.joins;
  sizes.push(headlineSize(sized, members));
}
port.postMessage({ kind: 'finished', report, headline: headlineMembers.length ? { sizes } : null });
