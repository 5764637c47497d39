import { type AwardKind, type Plan } from '../plan';

export type CreditKind = 'referral' | 'activities' | 'graduating' | 'thank_you' | 'health_fee';

export interface CashCredit {
  readonly kind: CreditKind;
  readonly stage: number;
  /** Negative for a deduction (the health-organisation fee). */
  readonly amountKobo: number;
}

export interface AwardEntitlement {
  readonly kind: AwardKind;
  readonly stage: number;
  readonly installment: number;
  readonly valueKobo: number;
  readonly description: string;
}

export interface StageCompletion {
  readonly stage: number;
  readonly credits: readonly CashCredit[];
  readonly awards: readonly AwardEntitlement[];
}

/** What completing each stage from `from` up to (not including) `to` gives, one entry per completed stage. */
export function promotionBenefits(plan: Plan, from: number, to: number): StageCompletion[] {
  const completions: StageCompletion[] = [];
  for (let stage = from; stage < to; stage += 1) {
    const def = plan.stages[stage];
    if (!def) break;
    const credits: CashCredit[] = [
      { kind: 'activities' as const, stage, amountKobo: def.activitiesKobo },
      { kind: 'graduating' as const, stage, amountKobo: def.graduatingKobo },
      { kind: 'thank_you' as const, stage, amountKobo: def.thankYouKobo },
    ].filter((c) => c.amountKobo > 0);
    if (plan.healthFee?.stage === stage)
      credits.push({ kind: 'health_fee', stage, amountKobo: -plan.healthFee.amountKobo });
    const awards = def.awards.flatMap((award) =>
      Array.from({ length: award.installments }, (_, i) => ({
        kind: award.kind,
        stage,
        installment: i + 1,
        valueKobo: award.valueKobo,
        description:
          award.installments > 1 ? `${award.label}, year ${i + 1} of ${award.installments}` : award.label,
      })),
    );
    completions.push({ stage, credits, awards });
  }
  return completions;
}

/** The referral bonus for a sponsor position that has already been paid `alreadyPaid` of them. */
export function referralBenefit(plan: Plan, alreadyPaid: number): { readonly amountKobo: number } | null {
  return alreadyPaid < plan.referralBonusCap ? { amountKobo: plan.referralBonusKobo } : null;
}

/** Net cash a position receives for completing stages 0..stagesCompleted-1 (the property tests' oracle). */
export function cashForStagesKobo(plan: Plan, stagesCompleted: number): number {
  return promotionBenefits(plan, 0, stagesCompleted)
    .flatMap((c) => c.credits)
    .reduce((sum, c) => sum + c.amountKobo, 0);
}
