import { AWARD_KINDS, stageName, type Plan, type Programme } from '@coop/core';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import {
  errorMessage,
  FormMessage,
  SelectField,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../../components/form';
import { useSaveDraft } from '../api/plan-versions';
import {
  AWARD_KIND_NAMES,
  formToPlan,
  newAward,
  planFormSchema,
  planToForm,
  type PlanFormValues,
} from '../plan-form';

/**
 * The figures of a draft: the fee, the referral bonus, each stage's bonuses and awards, the health fee, the grant's
 * ceiling and the Golden Crown schedule (an award's yearly installments). Awards are added and removed at a stage,
 * each with a value (decision 0062). The shape is the programme's and is shown, not edited: a different shape
 * would be a different programme.
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
          <StageAwards form={form} stageIndex={i} stageName={stage.name} />
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

type PlanForm = UseFormReturn<PlanFormValues, unknown, unknown>;

/** A stage's awards: each with its kind, description, value and installments; one added or removed here. */
function StageAwards({
  form,
  stageIndex: i,
  stageName: name,
}: {
  form: PlanForm;
  stageIndex: number;
  stageName: string;
}) {
  const awards = useFieldArray({ control: form.control, name: `stages.${i}.awards` });
  const errors = form.formState.errors.stages?.[i]?.awards;
  const kinds = AWARD_KINDS.map((k) => ({ value: k, label: AWARD_KIND_NAMES[k] }));
  return (
    <div className="space-y-3 sm:col-span-3" role="group" aria-label={`${name} awards`}>
      {awards.fields.length === 0 && <p className="text-sm text-slate-700">No award at {name}.</p>}
      {awards.fields.map((field, a) => (
        <div
          key={field.id}
          className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1.5fr_1fr_0.8fr_auto]"
          data-testid="plan-award"
        >
          <SelectField
            label={`${name} award ${a + 1}: kind`}
            options={kinds}
            error={errors?.[a]?.kind}
            {...form.register(`stages.${i}.awards.${a}.kind`)}
          />
          <TextField
            label="Description"
            error={errors?.[a]?.label}
            {...form.register(`stages.${i}.awards.${a}.label`)}
          />
          <TextField
            label="Value of one installment (₦)"
            hint="What it costs the company"
            inputMode="decimal"
            error={errors?.[a]?.value}
            {...form.register(`stages.${i}.awards.${a}.value`)}
          />
          <TextField
            label="Yearly installments"
            inputMode="numeric"
            error={errors?.[a]?.installments}
            {...form.register(`stages.${i}.awards.${a}.installments`)}
          />
          <button
            type="button"
            onClick={() => awards.remove(a)}
            className="self-end rounded-md border border-red-800 px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
          >
            Remove award {a + 1}
            <span className="sr-only"> at {name}</span>
          </button>
        </div>
      ))}
      {errors?.root?.message || errors?.message ? (
        <p className="text-sm text-red-800" role="alert">
          {errors.root?.message ?? errors.message}
        </p>
      ) : null}
      {awards.fields.length < 6 && (
        <button
          type="button"
          onClick={() => awards.append(newAward(form.getValues(`stages.${i}.awards`).map((x) => x.kind)))}
          className="rounded-md border border-brand-800 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          Add an award at {name}
        </button>
      )}
    </div>
  );
}
