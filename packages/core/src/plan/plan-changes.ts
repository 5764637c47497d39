import { formatNaira } from '../money';
import type { AwardDef, Plan } from './types';

/**
 * What a new version may not change: the shape. Two wide, the number of stages, their names and depths, the
 * referrals each stage needs, the referral bonus cap and the re-entry of a finished position are what the
 * matrix and the stages are built on; a different shape would be a different programme. The grant stays at its
 * stage (only its ceiling is a figure). Answers one sentence per difference, empty when the shape is the same.
 */
export function planShapeProblems(current: Plan, draft: Plan): string[] {
  const problems: string[] = [];
  const same = (what: string, a: unknown, b: unknown) => {
    if (a !== b)
      problems.push(`${what} is part of the programme's shape and cannot change (it is ${String(a)}).`);
  };
  same('The programme', current.programme, draft.programme);
  same('The programme name', current.name, draft.name);
  same('The number of stages', current.stages.length, draft.stages.length);
  current.stages.forEach((stage, i) => {
    same(`Stage ${i}'s number`, stage.number, draft.stages[i]?.number);
    same(`Stage ${i}'s name`, stage.name, draft.stages[i]?.name);
  });
  same(
    'The direct referrals each stage needs',
    current.directReferralsPerStage,
    draft.directReferralsPerStage,
  );
  same('The number of referral bonuses per position', current.referralBonusCap, draft.referralBonusCap);
  same('The title after the last stage', current.graduateTitle, draft.graduateTitle);
  same('Joining again after finishing', current.rejoinAfterFinish, draft.rejoinAfterFinish);
  same('Whether the programme has a grant', current.grant === null, draft.grant === null);
  if (current.grant && draft.grant) same('The grant stage', current.grant.stage, draft.grant.stage);
  if (draft.healthFee && !draft.stages[draft.healthFee.stage])
    problems.push(`The health fee's stage must be one of the stages (0 to ${draft.stages.length - 1}).`);
  if (draft.feeKobo <= 0) problems.push('The fee must be more than ₦0.');
  problems.push(...awardProblems(draft));
  return problems;
}

/**
 * Every award has a value (decision 0062): it is what the liabilities owe and what the simulator costs, so one
 * worth ₦0 would be counted at nothing. A stage holds one award of a kind, so a change names the award it changes.
 */
export function awardProblems(plan: Plan): string[] {
  const problems: string[] = [];
  for (const stage of plan.stages) {
    const kinds = new Set<string>();
    for (const a of stage.awards) {
      if (!(a.valueKobo > 0))
        problems.push(
          `The ${a.label} at ${stage.name} (stage ${stage.number}) needs a value of more than ₦0: enter what one installment costs the company.`,
        );
      if (kinds.has(a.kind))
        problems.push(`${stage.name} (stage ${stage.number}) has two ${a.kind.replaceAll('_', ' ')} awards.`);
      kinds.add(a.kind);
    }
  }
  return problems;
}

/** One figure that differs between two versions, in words, with the amounts as kept (kobo, or a count). */
export interface PlanDifference {
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

const money = (kobo: number | undefined) => (kobo === undefined ? 'none' : formatNaira(kobo));
const award = (a: AwardDef | undefined) =>
  a
    ? `${a.label} (${a.kind}), ${formatNaira(a.valueKobo)}${a.installments > 1 ? ` a year for ${a.installments} years` : ''}`
    : 'none';

/** Every figure a new version changes against the one it replaces: the audit log, the approval and the members' notice read it. */
export function planDifferences(before: Plan, after: Plan): PlanDifference[] {
  const out: PlanDifference[] = [];
  const add = (field: string, a: string, b: string) => {
    if (a !== b) out.push({ field, before: a, after: b });
  };
  add('Registration fee', money(before.feeKobo), money(after.feeKobo));
  add('Referral bonus', money(before.referralBonusKobo), money(after.referralBonusKobo));
  add(
    'Health organisation fee',
    before.healthFee ? `${money(before.healthFee.amountKobo)} at stage ${before.healthFee.stage}` : 'none',
    after.healthFee ? `${money(after.healthFee.amountKobo)} at stage ${after.healthFee.stage}` : 'none',
  );
  add('Grant ceiling', money(before.grant?.ceilingKobo), money(after.grant?.ceilingKobo));
  after.stages.forEach((stage, i) => {
    const old = before.stages[i];
    const where = `${stage.name} (stage ${stage.number})`;
    add(`${where} activities bonus`, money(old?.activitiesKobo), money(stage.activitiesKobo));
    add(`${where} graduating bonus`, money(old?.graduatingKobo), money(stage.graduatingKobo));
    add(`${where} Thank You bonus`, money(old?.thankYouKobo), money(stage.thankYouKobo));
    // Awards are matched by kind (one of a kind per stage): one added or removed is said so, not read as the
    // awards after it all changing places.
    stage.awards.forEach((a, n) => {
      const was = old?.awards.find((o) => o.kind === a.kind);
      if (was) add(`${where} award ${n + 1}`, award(was), award(a));
      else add(`Award added at ${where}`, 'none', award(a));
    });
    for (const was of old?.awards ?? [])
      if (!stage.awards.some((a) => a.kind === was.kind))
        add(`Award removed at ${where}`, award(was), 'none');
  });
  return out;
}
