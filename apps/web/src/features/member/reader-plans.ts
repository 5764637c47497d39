import { formatNaira, type Plan } from '@coop/core';
import type { MyPlan } from './api/get-my-plan';

/**
 * The plans a signed-in member reads (decision 0059): `own`, the version their position joined under, which every
 * figure about them is stated from; and `now`, the version new positions join under (the page's plans block), stated
 * beside it only where the two differ.
 */
export interface ReaderPlans {
  own: MyPlan;
  now: Plan;
}

/** Whether the member joined under an earlier version than the one in force (before paying they have none). */
export const olderVersion = ({ own, now }: ReaderPlans) =>
  own.joinedUnder !== null && own.version !== now.version;

/** "New members now get ₦X" when the figure of the version in force differs from the member's own; else null. */
export function nowBeside(plans: ReaderPlans, pick: (plan: Plan) => number | undefined): string | null {
  if (!olderVersion(plans)) return null;
  const own = pick(plans.own);
  const now = pick(plans.now);
  return now === undefined || now === own ? null : formatNaira(now);
}
