import { stageName, type Plan, type Programme } from '@coop/core';
import {
  errorMessage,
  FormMessage,
  SelectField,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../../components/form';
import { useSaveDraft } from '../api/plan-versions';
import { formToPlan, planFormSchema, planToForm } from '../plan-form';

/**
 * The figures of a draft: the fee, the referral bonus, each stage's bonuses and awards, the health fee, the grant's
 * ceiling and the Golden Crown schedule (an award's yearly installments). The shape is the programme's and is shown,
 * not edited: a different shape would be a different programme.
 */
export function PlanEditor({
  programme,
  id,
  base,
  onSaved,
}: {
  programme: Programme;
  id: number | null;
  base: Plan;
  onSaved: (id: number) => void;
}) {
  const form = useZodForm(planFormSchema, planToForm(base));
  const save = useSaveDraft();
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { programme, id, plan: formToPlan(base, values) },
      { onSuccess: (answer) => onSaved(answer.id) },
    ),
  );
  const stageOptions = [
    { value: 'none', label: 'No health fee' },
    ...base.stages.map((s) => ({ value: String(s.number), label: `Stage ${s.number}, ${s.name}` })),
  ];
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" aria-label="Plan version figures">
      <p className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800">
        The shape is not versioned: {base.stages.length} stages from {stageName(base, 0)} to{' '}
        {stageName(base, base.stages.length - 1)}, two places under each position,{' '}
        {base.directReferralsPerStage} direct referrals per stage, at most {base.referralBonusCap} referral
        bonuses per position
        {base.rejoinAfterFinish ? ', and a new position after finishing' : ''}. A different shape would be a
        different programme. Amounts are in naira.
      </p>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-bold text-slate-900">Fee and programme-wide figures</legend>
        <TextField
          label="Registration fee (₦)"
          inputMode="decimal"
          error={errors.fee}
          {...form.register('fee')}
        />
        <TextField
          label="Referral bonus (₦, per direct referral)"
          inputMode="decimal"
          error={errors.referralBonus}
          {...form.register('referralBonus')}
        />
        <SelectField
          label="Health organisation fee taken at"
          options={stageOptions}
          error={errors.healthFeeStage}
          {...form.register('healthFeeStage')}
        />
        <TextField
          label="Health organisation fee (₦)"
          inputMode="decimal"
          error={errors.healthFee}
          {...form.register('healthFee')}
        />
        {base.grant && (
          <TextField
            label={`Grant ceiling (₦, stage ${base.grant.stage} ${stageName(base, base.grant.stage)})`}
            inputMode="decimal"
            error={errors.grantCeiling}
            {...form.register('grantCeiling')}
          />
        )}
      </fieldset>
      {base.stages.map((stage, i) => (
        <fieldset key={stage.number} className="grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-3">
          <legend className="mb-2 text-lg font-bold text-slate-900">
            Stage {stage.number}: {stage.name}
          </legend>
          <TextField
            label={`${stage.name} activities bonus (₦)`}
            inputMode="decimal"
            error={errors.stages?.[i]?.activities}
            {...form.register(`stages.${i}.activities`)}
          />
          <TextField
            label={`${stage.name} graduating bonus (₦)`}
            inputMode="decimal"
            error={errors.stages?.[i]?.graduating}
            {...form.register(`stages.${i}.graduating`)}
          />
          <TextField
            label={`${stage.name} Thank You bonus (₦)`}
            inputMode="decimal"
            error={errors.stages?.[i]?.thankYou}
            {...form.register(`stages.${i}.thankYou`)}
          />
          {stage.awards.map((award, a) => (
            <div key={award.kind} className="grid gap-4 sm:col-span-3 sm:grid-cols-3">
              <TextField
                label={`Award: ${award.kind.replaceAll('_', ' ')}, description`}
                error={errors.stages?.[i]?.awards?.[a]?.label}
                {...form.register(`stages.${i}.awards.${a}.label`)}
              />
              <TextField
                label="Value and estimated cost of one installment (₦)"
                inputMode="decimal"
                error={errors.stages?.[i]?.awards?.[a]?.value}
                {...form.register(`stages.${i}.awards.${a}.value`)}
              />
              <TextField
                label="Yearly installments"
                inputMode="numeric"
                error={errors.stages?.[i]?.awards?.[a]?.installments}
                {...form.register(`stages.${i}.awards.${a}.installments`)}
              />
            </div>
          ))}
        </fieldset>
      ))}
      <SubmitButton pending={save.isPending} pendingLabel="Saving...">
        {id === null ? 'Save as a new draft' : 'Save the draft'}
      </SubmitButton>
      <FormMessage
        tone={save.isError ? 'error' : 'success'}
        message={save.isError ? errorMessage(save.error) : save.isSuccess ? 'The draft is saved.' : null}
      />
    </form>
  );
}
