import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface SeededRandom {
  /** A whole number in [0, maxExclusive). */
  int(maxExclusive: number): number;
  /** A number in [0, 1). */
  float(): number;
}

/** The same seed gives the same numbers on every machine: a simulation is repeatable from its seed. */
export function seededRandom(seed: number): SeededRandom {
  const rng = xoroshiro128plus(seed);
  return { int: (maxExclusive) => uniformInt(rng, 0, maxExclusive - 1), float: () => uniformFloat64(rng) };
}
