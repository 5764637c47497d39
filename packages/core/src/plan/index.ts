import { mainPlan } from './main';
import { PROGRAMMES, type Plan, type Programme, type StageDef } from './types';
import { welcomeBackPlan } from './welcome-back';

export type { AwardDef, AwardKind, Plan, Programme, StageDef } from './types';
export { AWARD_KINDS, PROGRAMMES } from './types';
export { awardProblems, planDifferences, planShapeProblems, type PlanDifference } from './plan-changes';
export { mainPlan, welcomeBackPlan };
export { awardDueStatus, type AwardDueStatus } from './award-due';

export const programmes: readonly Programme[] = PROGRAMMES;

/** The programme's name as members and administrators read it. */
export const programmeNames: Readonly<Record<Programme, string>> = {
  main: 'Main',
  welcomeback: 'Welcome Back',
};
export const programmeName = (programme: Programme): string => programmeNames[programme];

export function getPlan(programme: Programme): Plan {
  return programme === 'main' ? mainPlan : welcomeBackPlan;
}

/** Index of the last stage; completing it finishes the position. */
export function lastStage(plan: Plan): number {
  return plan.stages.length - 1;
}

/** Direct referrals a position needs to be at stage k. */
export function requiredDirectReferrals(plan: Plan, stage: number): number {
  return plan.directReferralsPerStage * stage;
}

/** A stage's name, or the graduate title past the last stage. */
export function stageName(plan: Plan, stage: number): string {
  return plan.stages[stage]?.name ?? plan.graduateTitle;
}

/** The referral bonuses a stage-0 position can earn (shown in the Welcome row). */
export function referralBonusesKobo(plan: Plan): number {
  return plan.referralBonusKobo * plan.referralBonusCap;
}

/**
 * The spec's "Total" column: cash plus one-off awards. Multi-year awards (the Golden Crown annual
 * award) are shown beside the total, as the spec does.
 */
export function stageTotalKobo(plan: Plan, stage: StageDef): number {
  const cash =
    stage.activitiesKobo +
    stage.graduatingKobo +
    stage.thankYouKobo +
    (stage.number === 0 ? referralBonusesKobo(plan) : 0);
  const awards = stage.awards.filter((a) => a.installments === 1).reduce((sum, a) => sum + a.valueKobo, 0);
  return cash + awards;
}
