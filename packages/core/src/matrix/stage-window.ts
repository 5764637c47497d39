import { isFinished } from './stages';
import { levelCapacity } from './placement';
import type { Plan } from '../plan';

export interface StageWindow {
  /** Levels below the position that the current stage needs full (1..levels). */
  readonly levels: number;
  /** Positions already in those levels. */
  readonly positions: number;
  /** Places those levels hold when full. */
  readonly places: number;
}

/**
 * The part of a member's matrix that decides the current stage: completing stage k needs levels 1..k+1 full.
 * Once the last stage is completed, the window is every level the plan counts.
 */
export function stageWindow(plan: Plan, stage: number, levelCounts: readonly number[]): StageWindow {
  const levels = isFinished(plan, stage) ? plan.stages.length : stage + 1;
  let positions = 0;
  let places = 0;
  for (let level = 1; level <= levels; level += 1) {
    places += levelCapacity(level);
    positions += Math.min(levelCounts[level - 1] ?? 0, levelCapacity(level));
  }
  return { levels, positions, places };
}
