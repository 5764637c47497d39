/**
 * Placement in a forced width-2 matrix, breadth-first and left to right, without scanning a subtree.
 * Each position keeps `fullDepth`: how many levels below it are complete (a leaf has 0). The first free
 * slot of a subtree is on level fullDepth + 1, in the leftmost child whose own subtree is not yet full
 * to that depth, so finding it is one step per level.
 */

export interface ChildState {
  readonly fullDepth: number;
}

export type PlacementStep =
  { readonly kind: 'take'; readonly slot: 0 | 1 } | { readonly kind: 'descend'; readonly slot: 0 | 1 };

/**
 * One step of the descent. `remaining` is how many levels below the current node the free slot is
 * (starting at the top's fullDepth + 1).
 */
export function placementStep(
  remaining: number,
  left: ChildState | null | undefined,
  right: ChildState | null | undefined,
): PlacementStep {
  if (remaining <= 1) {
    if (!left) return TAKE[0];
    if (!right) return TAKE[1];
    throw new Error('placementStep: both slots taken at the free level');
  }
  if (!left || !right) throw new Error('placementStep: a complete level is missing a child');
  return DESCEND[left.fullDepth < remaining - 1 ? 0 : 1];
}

// The four possible answers, made once: a descent allocates nothing per level.
const TAKE = [
  Object.freeze({ kind: 'take', slot: 0 }),
  Object.freeze({ kind: 'take', slot: 1 }),
] as const satisfies readonly PlacementStep[];
const DESCEND = [
  Object.freeze({ kind: 'descend', slot: 0 }),
  Object.freeze({ kind: 'descend', slot: 1 }),
] as const satisfies readonly PlacementStep[];

/** A position's complete levels from its children's (null: that slot is empty). */
export function fullDepthOf(left: number | null, right: number | null): number {
  if (left === null || right === null) return 0;
  return 1 + Math.min(left, right);
}

/** Positions a full level k below a position holds. */
export function levelCapacity(level: number): number {
  return 2 ** level;
}
