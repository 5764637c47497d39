import { AWARD_KINDS, type Plan } from '@coop/core';
import { z } from 'zod';

/**
 * The draft editor's form: every figure of a version in naira as typed, turned into the plan's kobo on submit. The
 * shape (stages, their names, the referrals each needs) is not in the form: it is the current version's.
 */
const naira = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Enter an amount in naira, such as 50000 (at most 2 decimals)');

const award = z.object({
  kind: z.enum(AWARD_KINDS),
  label: z.string().trim().min(1, 'Describe the award').max(120, 'Use at most 120 characters'),
  value: naira,
  installments: z.string().regex(/^(10|[1-9])$/, 'From 1 to 10 yearly installments'),
});

export const planFormSchema = z.object({
  fee: naira.refine((v) => Number(v) > 0, 'The fee must be more than ₦0'),
  referralBonus: naira,
  healthFee: naira,
  healthFeeStage: z.string(),
  grantCeiling: naira,
  stages: z.array(
    z.object({ activities: naira, graduating: naira, thankYou: naira, awards: z.array(award) }),
  ),
});
export type PlanFormValues = z.input<typeof planFormSchema>;

const toNaira = (kobo: number) => (kobo % 100 === 0 ? String(kobo / 100) : (kobo / 100).toFixed(2));
const toKobo = (naira: string) => Math.round(Number(naira) * 100);

export function planToForm(plan: Plan): PlanFormValues {
  return {
    fee: toNaira(plan.feeKobo),
    referralBonus: toNaira(plan.referralBonusKobo),
    healthFee: toNaira(plan.healthFee?.amountKobo ?? 0),
    healthFeeStage: plan.healthFee ? String(plan.healthFee.stage) : 'none',
    grantCeiling: toNaira(plan.grant?.ceilingKobo ?? 0),
    stages: plan.stages.map((s) => ({
      activities: toNaira(s.activitiesKobo),
      graduating: toNaira(s.graduatingKobo),
      thankYou: toNaira(s.thankYouKobo),
      awards: s.awards.map((a) => ({
        kind: a.kind,
        label: a.label,
        value: toNaira(a.valueKobo),
        installments: String(a.installments),
      })),
    })),
  };
}

/** The figures typed, on the shape of `base` (the version the draft starts from). */
export function formToPlan(base: Plan, values: z.output<typeof planFormSchema>): Plan {
  return {
    ...base,
    feeKobo: toKobo(values.fee),
    referralBonusKobo: toKobo(values.referralBonus),
    healthFee:
      values.healthFeeStage === 'none'
        ? null
        : { stage: Number(values.healthFeeStage), amountKobo: toKobo(values.healthFee) },
    grant: base.grant ? { ...base.grant, ceilingKobo: toKobo(values.grantCeiling) } : null,
    stages: base.stages.map((stage, i) => {
      const typed = values.stages[i]!;
      return {
        ...stage,
        activitiesKobo: toKobo(typed.activities),
        graduatingKobo: toKobo(typed.graduating),
        thankYouKobo: toKobo(typed.thankYou),
        awards: typed.awards.map((a) => ({
          kind: a.kind,
          label: a.label,
          valueKobo: toKobo(a.value),
          installments: Number(a.installments),
        })),
      };
    }),
  };
}
