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
  // Every award has a value (decision 0062): the liabilities and the simulator count it at what it is worth.
  value: z
    .string()
    .trim()
    .min(1, 'Every award needs a value of more than ₦0')
    .pipe(naira)
    .refine((v) => Number(v) > 0, 'Every award needs a value of more than ₦0'),
  installments: z.string().regex(/^(10|[1-9])$/, 'From 1 to 10 yearly installments'),
});

/** What an award of each kind is called when an administrator adds one; they may describe it otherwise. */
export const AWARD_KIND_NAMES: Readonly<Record<(typeof AWARD_KINDS)[number], string>> = {
  laptop: 'Laptop award',
  gift: 'Gift award',
  car: 'Car award',
  social_club: 'Social club',
  suv: 'SUV award',
  housing: 'Housing award',
  golden_crown_annual: 'Golden Crown annual award',
  domestic_appliances: 'Domestic appliances gift',
};

/** A new award of the first kind the stage has not got, its value to be typed. */
export function newAward(taken: readonly string[]): PlanFormValues['stages'][number]['awards'][number] {
  const kind = AWARD_KINDS.find((k) => !taken.includes(k)) ?? 'gift';
  return { kind, label: AWARD_KIND_NAMES[kind], value: '', installments: '1' };
}

export const planFormSchema = z.object({
  fee: naira.refine((v) => Number(v) > 0, 'The fee must be more than ₦0'),
  referralBonus: naira,
  healthFee: naira,
  healthFeeStage: z.string(),
  grantCeiling: naira,
  stages: z.array(
    z.object({
      activities: naira,
      graduating: naira,
      thankYou: naira,
      awards: z
        .array(award)
        .max(6, 'At most 6 awards per stage')
        .refine((awards) => new Set(awards.map((a) => a.kind)).size === awards.length, {
          message: 'A stage holds one award of each kind: choose another kind',
        }),
    }),
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
