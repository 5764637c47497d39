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

/**
 * A number in [0, 1) from the seed and a few whole numbers (a member, a month, what is being decided), with no state:
 * the same member makes the same choice in the same month under both versions compared, however differently their
 * wallets and stages run, so a difference between the versions is the plan's and not the draw's (common random
 * numbers). A 32-bit integer hash (murmur3's finaliser over each word), not for cryptography.
 */
export function hashedFloat(seed: number, a: number, b: number, c: number): number {
  let h = mix(mix(mix(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b), a), b), c);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

function mix(h: number, word: number): number {
  h = Math.imul(h ^ (word | 0), 0xcc9e2d51);
  h = (h << 15) | (h >>> 17);
  return Math.imul(h, 0x1b873593) ^ 0xe6546b64;
}
