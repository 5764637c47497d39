import { lastStage, requiredDirectReferrals, stageName, type Plan } from '../plan';
import { levelCapacity } from './placement';

/**
 * A position is at stage k when levels 1..k of its matrix are full and it has at least
 * requiredDirectReferrals(k) direct referrals. Stage last + 1 means it has completed the last stage.
 * `levelCounts[i]` counts positions i + 1 levels below, for i < plan.stages.length.
 */
export function stageFor(plan: Plan, levelCounts: ArrayLike<number>, directReferrals: number): number {
  let stage = 0;
  while (
    stage <= lastStage(plan) &&
    levelFull(levelCounts, stage + 1) &&
    directReferrals >= requiredDirectReferrals(plan, stage + 1)
  )
    stage += 1;
  return stage;
}

function levelFull(levelCounts: ArrayLike<number>, level: number): boolean {
  return (levelCounts[level - 1] ?? 0) >= levelCapacity(level);
}

export function isFinished(plan: Plan, stage: number): boolean {
  return stage > lastStage(plan);
}

export interface StageProgress {
  readonly stage: number;
  readonly stageName: string;
  /** null once the last stage is completed. */
  readonly nextStage: number | null;
  readonly nextStageName: string | null;
  /** Places the levels the next stage needs full hold in all, and those filled (what the stage needs, what is done). */
  readonly neededPlaces: number;
  readonly filledPlaces: number;
  /** Direct referrals the next stage needs in all, and those the position has (counted up to that need). */
  readonly neededDirectReferrals: number;
  readonly directReferrals: number;
  /** Places still empty in the levels the next stage needs full. */
  readonly missingPlaces: number;
  readonly missingDirectReferrals: number;
  /** 0..1: filled places and referrals over what the next stage needs. */
  readonly fraction: number;
  readonly summary: string;
}

export function stageProgress(
  plan: Plan,
  stage: number,
  levelCounts: readonly number[],
  directReferrals: number,
): StageProgress {
  const name = stageName(plan, stage);
  if (isFinished(plan, stage)) {
    return {
      stage,
      stageName: name,
      nextStage: null,
      nextStageName: null,
      neededPlaces: 0,
      filledPlaces: 0,
      neededDirectReferrals: 0,
      directReferrals: 0,
      missingPlaces: 0,
      missingDirectReferrals: 0,
      fraction: 1,
      summary: `You have completed ${stageName(plan, lastStage(plan))}.`,
    };
  }
  const next = stage + 1;
  let neededPlaces = 0;
  let filledPlaces = 0;
  for (let level = 1; level <= next; level += 1) {
    neededPlaces += levelCapacity(level);
    filledPlaces += Math.min(levelCounts[level - 1] ?? 0, levelCapacity(level));
  }
  const neededReferrals = requiredDirectReferrals(plan, next);
  const haveReferrals = Math.min(directReferrals, neededReferrals);
  const missingPlaces = neededPlaces - filledPlaces;
  const missingDirectReferrals = neededReferrals - haveReferrals;
  const parts = [
    missingDirectReferrals > 0
      ? `${missingDirectReferrals} more direct referral${missingDirectReferrals === 1 ? '' : 's'}`
      : null,
    missingPlaces > 0 ? `${missingPlaces} more place${missingPlaces === 1 ? '' : 's'} in your matrix` : null,
  ].filter(Boolean);
  const nextName = stageName(plan, next);
  return {
    stage,
    stageName: name,
    nextStage: next,
    nextStageName: nextName,
    neededPlaces,
    filledPlaces,
    neededDirectReferrals: neededReferrals,
    directReferrals: haveReferrals,
    missingPlaces,
    missingDirectReferrals,
    fraction: (filledPlaces + haveReferrals) / (neededPlaces + neededReferrals),
    summary: parts.length ? `${parts.join(' and ')} to complete ${name}.` : `Ready to complete ${name}.`,
  };
}
