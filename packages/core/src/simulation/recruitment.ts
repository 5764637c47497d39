import type { Programme } from '../plan';
import type { SeededRandom } from './seeded-random';
import { yearInputs, type SimulationInputs } from './simulation-inputs';

/**
 * Who brings whom: each new member draws how many people they will bring; a newcomer's sponsor is drawn among the
 * members of the programme who still have someone to bring, and nobody's (the company's) when there is none.
 * Members stop bringing people by the monthly drop-out and by the recruiting curve (inactivity: the share still
 * bringing people so many months after joining).
 */
export interface Recruitment {
  sponsorFor(programme: Programme): number | null;
  add(programme: Programme, account: number, month: number): void;
  /** At the start of `month` some members stop bringing people. */
  dropOut(month: number): void;
  /** Members who still have someone to bring. */
  recruiting(): number;
}

export function createRecruitment(
  random: SeededRandom,
  inputs: SimulationInputs,
  accounts: number,
): Recruitment {
  const left = new Int32Array(accounts);
  const joined = new Int32Array(accounts);
  const keep = keepingChances(yearInputs(inputs).recruitingCurve);
  const pools: Record<Programme, number[]> = { main: [], welcomeback: [] };
  const total = inputs.recruits.reduce((sum, r) => sum + r.share, 0);
  const draw = () => {
    let u = random.float() * total;
    for (const r of inputs.recruits) {
      u -= r.share;
      if (u < 0) return r.people;
    }
    return inputs.recruits[inputs.recruits.length - 1]!.people;
  };
  const removeAt = (pool: number[], i: number) => {
    pool[i] = pool[pool.length - 1]!;
    pool.pop();
  };
  return {
    sponsorFor(programme) {
      const pool = pools[programme];
      if (pool.length === 0) return null;
      const i = random.int(pool.length);
      const sponsor = pool[i]!;
      left[sponsor]! -= 1;
      if (left[sponsor] === 0) removeAt(pool, i);
      return sponsor;
    },
    add(programme, account, month) {
      joined[account] = month;
      left[account] = draw();
      if (left[account]! > 0) pools[programme].push(account);
    },
    recruiting: () => pools.main.length + pools.welcomeback.length,
    dropOut(month) {
      if (inputs.dropOutPerMonth <= 0 && keep.every((k) => k >= 1)) return;
      // One draw a member: stays when it is at least the chance of leaving by either way this month.
      const staying = 1 - inputs.dropOutPerMonth;
      for (const pool of Object.values(pools))
        for (let i = pool.length - 1; i >= 0; i -= 1) {
          const age = month - joined[pool[i]!]!;
          const stays = staying * (age < keep.length ? keep[age]! : 1);
          if (random.float() < 1 - stays) removeAt(pool, i);
        }
    },
  };
}

/**
 * From the curve (share still bringing people k months after joining, k = 1, 2, ...) to the chance that one still
 * bringing people at age k-1 months still is at age k: the ratio of the curve's neighbours (age 0, the join month,
 * is 1 for everyone). A rising curve keeps everyone (nobody starts again).
 */
export function keepingChances(curve: readonly number[]): number[] {
  const shares = [1, ...curve.map((c) => Math.min(1, Math.max(0, c)))];
  return shares.map((share, age) =>
    age === 0 ? 1 : shares[age - 1]! <= 0 ? 0 : Math.min(1, share / shares[age - 1]!),
  );
}
