/**
 * npm run bench:simulate — how long the plan simulator takes for 100,000 joins (the example inputs), comparing
 * a draft that raises Main's referral bonus with the plan in force. Prints the time of each of three runs.
 */
import { exampleSimulationInputs, formatNaira, getPlan, simulatePlan, type Plan } from '../src/index';

const current = getPlan('main');
const draft: Plan = {
  ...current,
  version: current.version + 1,
  referralBonusKobo: current.referralBonusKobo + 500_000,
};
const input = { plans: { main: { draft, current } }, inputs: exampleSimulationInputs };

for (let run = 1; run <= 3; run += 1) {
  const started = performance.now();
  const report = simulatePlan(input);
  const seconds = (performance.now() - started) / 1000;
  const joins = report.current.totals.joins;
  console.log(`run ${run}: ${joins} joins, two versions compared, in ${seconds.toFixed(2)} s`);
  if (run === 3)
    for (const v of [report.current, report.draft])
      console.log(
        `  ${v.label}: fees ${formatNaira(v.totals.feesInKobo)}, bonuses ${formatNaira(v.totals.bonusesAccruedKobo)}, payout ratio ${v.totals.payoutRatio.toFixed(3)}` +
          // The year beyond joins (decision 0063).
          `; awards handed over ${formatNaira(v.year.totals.awardsDeliveredKobo)}, grants ${formatNaira(v.year.totals.grantsKobo)}, cash-outs ${formatNaira(v.year.totals.cashOutsKobo)}, held for suspensions ${formatNaira(v.year.totals.heldForSuspensionsKobo)}, cost ratio ${v.year.totals.costRatio.toFixed(3)}`,
      );
}
