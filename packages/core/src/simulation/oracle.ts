import type { MemoryMatrix } from './memory-matrix';

/**
 * Slow, obviously-correct recomputations used by the property tests (here and in the server's
 * database-engine tests): a plain breadth-first search and plain subtree counts.
 */

export function naiveFirstFreeSlot(matrix: MemoryMatrix, top: number): { parent: number; slot: 0 | 1 } {
  const queue = [top];
  for (let i = 0; i < queue.length; i += 1) {
    const node = matrix.position(queue[i]!);
    for (const slot of [0, 1] as const) {
      const child = node.children[slot];
      if (child === null) return { parent: node.index, slot };
      queue.push(child);
    }
  }
  throw new Error('unreachable: a finite tree always has a free slot');
}

/** Positions at relative depth 1..levels below `top`, counted by walking the tree. */
export function naiveLevelCounts(matrix: MemoryMatrix, top: number, levels: number): number[] {
  const counts = new Array<number>(levels).fill(0);
  let frontier = [top];
  for (let level = 1; level <= levels; level += 1) {
    frontier = frontier.flatMap((p) => matrix.position(p).children.filter((c): c is number => c !== null));
    counts[level - 1] = frontier.length;
  }
  return counts;
}
