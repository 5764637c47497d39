import {
  formatNaira,
  referralBonusesKobo,
  requiredDirectReferrals,
  type Plan,
  type StageDef,
} from '@coop/core';

/** What completing a stage asks of a member, in words, from the plan's rules (DESIGN section 3, Stages). */
export function stageActivity(plan: Plan, stage: StageDef): string {
  const depth = stage.number + 1;
  const places = 2 ** depth;
  const referrals = requiredDirectReferrals(plan, depth);
  if (depth === 1)
    return `Fill the first level of your matrix (${places} places) and introduce ${referrals} new members.`;
  return `Fill ${depth} levels of your matrix (${places} places on level ${depth}) and introduce ${referrals} new members in all.`;
}

/** The benefit lines of a stage, every amount read from the plan. */
export function stageBenefits(plan: Plan, stage: StageDef): string[] {
  const lines: string[] = [];
  if (stage.number === 0) {
    lines.push(
      `Referral bonus of ${formatNaira(plan.referralBonusKobo)} for each of ${plan.referralBonusCap} referred persons (${formatNaira(referralBonusesKobo(plan))})`,
    );
  }
  if (stage.activitiesKobo > 0)
    lines.push(`Activities (matrix) bonus of ${formatNaira(stage.activitiesKobo)}`);
  if (stage.graduatingKobo > 0) lines.push(`Graduating bonus of ${formatNaira(stage.graduatingKobo)}`);
  if (stage.thankYouKobo > 0) lines.push(`Thank You bonus of ${formatNaira(stage.thankYouKobo)}`);
  for (const award of stage.awards) {
    if (award.installments > 1) {
      lines.push(
        `${award.label} of ${formatNaira(award.valueKobo)} a year for ${award.installments} years on becoming a ${plan.graduateTitle}`,
      );
    } else {
      lines.push(award.valueKobo > 0 ? `${award.label} worth ${formatNaira(award.valueKobo)}` : award.label);
    }
  }
  if (plan.healthFee?.stage === stage.number) {
    lines.push(
      `A health-organisation registration fee of ${formatNaira(plan.healthFee.amountKobo)} is deducted from this stage's bonuses`,
    );
  }
  if (plan.grant?.stage === stage.number)
    lines.push(`You may apply for a grant of up to ${formatNaira(plan.grant.ceilingKobo)}`);
  return lines;
}
