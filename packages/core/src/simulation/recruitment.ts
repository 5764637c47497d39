import type { Programme } from '../plan';
import type { SeededRandom } from './seeded-random';
import type { SimulationInputs } from './simulation-inputs';

/**
 * Who brings whom: each new member draws how many people they will bring; a newcomer's sponsor is drawn among the
 * members of the programme who still have someone to bring, and nobody's (the company's) when there is none.
 */
export interface Recruitment {
  sponsorFor(programme: Programme): number | null;
  add(programme: Programme, account: number): void;
  /** At each month's start some members stop bringing people. */
  dropOut(): void;
}

export function createRecruitment(
  random: SeededRandom,
  inputs: SimulationInputs,
  accounts: number,
): Recruitment {
  const left = new Int32Array(accounts);
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
    add(programme, account) {
      left[account] = draw();
      if (left[account]! > 0) pools[programme].push(account);
    },
    dropOut() {
      if (inputs.dropOutPerMonth <= 0) return;
      for (const pool of Object.values(pools))
        for (let i = pool.length - 1; i >= 0; i -= 1)
          if (random.float() < inputs.dropOutPerMonth) removeAt(pool, i);
    },
  };
}
