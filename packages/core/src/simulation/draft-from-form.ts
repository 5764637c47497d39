import type { Plan } from '../plan';
import type { SimulationInputs, YearInputs } from './simulation-inputs';

export interface BonusAdjustments {
  readonly referralBonusKobo: number;
  /** Every stage's activities, graduating and thank-you bonus moves by this percentage (rounded to the naira). */
  readonly stageBonusChangePercent: number;
}

/** A draft made from the plan in force by the simple adjustments of the simulator's form. */
export function adjustedDraft(current: Plan, adjustments: BonusAdjustments): Plan {
  const scale = (kobo: number) =>
    Math.max(0, Math.round((kobo * (1 + adjustments.stageBonusChangePercent / 100)) / 100) * 100);
  return {
    ...current,
    version: current.version + 1,
    referralBonusKobo: adjustments.referralBonusKobo,
    stages: current.stages.map((s) => ({
      ...s,
      activitiesKobo: scale(s.activitiesKobo),
      graduatingKobo: scale(s.graduatingKobo),
      thankYouKobo: scale(s.thankYouKobo),
    })),
  };
}

/** The simulator's inputs from the form's words and percentages. */
export function inputsFromForm(form: {
  months: number;
  joinsPerMonth: number;
  shape: 'flat' | 'growing' | 'slowing' | 'stopping';
  shapePercent: number;
  stopAfterMonth: number;
  mainSharePercent: number;
  rejoinPercent: number;
  dropOutPercent: number;
  recruits: ReadonlyArray<readonly [number, number]>;
  seed: number;
  minimumPayoutKobo: number;
  /** The year beyond joins, in the form's percentages and naira; each left out takes the core's default. */
  awardLeadMonths?: number;
  grantApplyPercent?: number;
  grantApprovedPercent?: number;
  grantAmountPercent?: number;
  cashOutPercent?: number;
  cashOutMinimumNaira?: number;
  suspendedPercent?: number;
  suspensionMonths?: number;
  recruitingCurve?: readonly number[];
}): SimulationInputs {
  const fraction = (percent: number | undefined) => (percent === undefined ? undefined : percent / 100);
  const year: Partial<YearInputs> = {
    awardLeadMonths: form.awardLeadMonths,
    grantApplyShare: fraction(form.grantApplyPercent),
    grantApprovedShare: fraction(form.grantApprovedPercent),
    grantAmountShare: fraction(form.grantAmountPercent),
    cashOutShare: fraction(form.cashOutPercent),
    cashOutMinimumKobo: form.cashOutMinimumNaira === undefined ? undefined : form.cashOutMinimumNaira * 100,
    suspendedShare: fraction(form.suspendedPercent),
    suspensionMonths: form.suspensionMonths,
    recruitingCurve: form.recruitingCurve?.map((percent) => percent / 100),
  };
  const shape =
    form.shape === 'flat'
      ? { kind: 'flat' as const }
      : form.shape === 'stopping'
        ? { kind: 'stopping' as const, afterMonth: form.stopAfterMonth }
        : { kind: form.shape, percentPerMonth: form.shapePercent };
  return {
    months: form.months,
    joinsPerMonth: form.joinsPerMonth,
    shape,
    mainShare: form.mainSharePercent / 100,
    rejoinShare: form.rejoinPercent / 100,
    // The form's shares are any weights (percentages, counts): the inputs take fractions of 1.
    recruits: form.recruits.map(([people, weight]) => ({
      people,
      share: weight / form.recruits.reduce((sum, [, w]) => sum + w, 0),
    })),
    dropOutPerMonth: form.dropOutPercent / 100,
    minimumPayoutKobo: form.minimumPayoutKobo,
    seed: form.seed,
    // Only the year's inputs given: a request left without one keeps the default (and the zod contract's optional).
    ...Object.fromEntries(Object.entries(year).filter(([, value]) => value !== undefined)),
  };
}
