import { defaultYearInputs, type SimulationInputs } from './simulation-inputs';

/**
 * A starting point for the simulator's form and the benchmark: 4,000 new members a month for 25 months
 * (100,000 in all), most of whom bring nobody or one or two people, with the year's default assumptions (awards,
 * grants, cash-outs, suspensions, fading recruitment). An assumption to edit, not a forecast.
 */
export const exampleSimulationInputs: SimulationInputs = {
  months: 25,
  joinsPerMonth: 4_000,
  shape: { kind: 'flat' },
  mainShare: 0.7,
  rejoinShare: 0.5,
  recruits: [
    { people: 0, share: 0.4 },
    { people: 1, share: 0.2 },
    { people: 2, share: 0.2 },
    { people: 3, share: 0.1 },
    { people: 5, share: 0.07 },
    { people: 10, share: 0.03 },
  ],
  dropOutPerMonth: 0.05,
  minimumPayoutKobo: 100_000,
  seed: 1,
  ...defaultYearInputs,
};
