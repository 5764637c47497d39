import {
  adjustedDraft,
  exampleSimulationInputs,
  PROGRAMMES,
  programmeName,
  inputsFromForm,
  yearInputs,
} from '@coop/core';
import { useCurrentPlan } from '../../../../lib/plans-context';
import { simulationFormSchema } from '@coop/core/contracts';
import type { Programme } from '@coop/core';
import type { SimulationBody } from '../api/start-simulation';
import { SelectField, SubmitButton, TextField, useZodForm } from '../../../../components/form';

const example = exampleSimulationInputs;
const year = yearInputs(example);
const defaults = {
  programme: 'main' as Programme,
  referralBonusNaira: '',
  stageBonusChangePercent: '0',
  months: String(example.months),
  joinsPerMonth: String(example.joinsPerMonth),
  shape: 'flat' as const,
  shapePercent: '5',
  stopAfterMonth: '12',
  mainSharePercent: String(Math.round(example.mainShare * 100)),
  rejoinPercent: String(Math.round(example.rejoinShare * 100)),
  dropOutPercent: String(Math.round(example.dropOutPerMonth * 100)),
  recruits: example.recruits.map((r) => `${r.people}:${Math.round(r.share * 100)}`).join(', '),
  minimumPayoutNaira: String(example.minimumPayoutKobo / 100),
  seed: String(example.seed),
  // The year beyond joins (decision 0063), from the core's defaults.
  awardLeadMonths: String(year.awardLeadMonths),
  grantApplyPercent: String(Math.round(year.grantApplyShare * 100)),
  grantApprovedPercent: String(Math.round(year.grantApprovedShare * 100)),
  grantAmountPercent: String(Math.round(year.grantAmountShare * 100)),
  cashOutPercent: String(Math.round(year.cashOutShare * 100)),
  cashOutMinimumNaira: String(year.cashOutMinimumKobo / 100),
  suspendedPercent: String(year.suspendedShare * 100),
  suspensionMonths: String(year.suspensionMonths),
  recruitingCurve: year.recruitingCurve.map((share) => Math.round(share * 100)).join(', '),
};

const shapes = [
  { value: 'flat', label: 'Flat' },
  { value: 'growing', label: 'Growing by a percentage a month' },
  { value: 'slowing', label: 'Slowing by a percentage a month' },
  { value: 'stopping', label: 'Stopping after a month' },
];

/**
 * The simulator's simple form: bonus adjustments to the plan in force (the draft) and the assumptions about people.
 * A draft edited field by field comes from the plan editor, which gives the report its own draft.
 */
export function SimulationForm({
  pending,
  onSimulate,
  savedDraft,
}: {
  pending: boolean;
  onSimulate: (programme: Programme, body: SimulationBody) => void;
  /** A draft saved on its own page: only the assumptions about people are asked for. */
  savedDraft?: { programme: Programme };
}) {
  // Adjustments start from the published versions in force, as the server compares the draft with them.
  const current = { main: useCurrentPlan('main'), welcomeback: useCurrentPlan('welcomeback') };
  const form = useZodForm(simulationFormSchema, {
    ...defaults,
    programme: savedDraft?.programme ?? 'main',
    referralBonusNaira: String(current.main.referralBonusKobo / 100),
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) => {
    const draft = adjustedDraft(current[values.programme], {
      referralBonusKobo: values.referralBonusNaira * 100,
      stageBonusChangePercent: values.stageBonusChangePercent,
    });
    onSimulate(values.programme, {
      draft,
      inputs: inputsFromForm({ ...values, minimumPayoutKobo: values.minimumPayoutNaira * 100 }),
    });
  });
  const field = (name: keyof typeof defaults, label: string, hint?: string) => (
    <TextField label={label} hint={hint} inputMode="decimal" error={errors[name]} {...form.register(name)} />
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      {!savedDraft && (
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 font-bold text-slate-900">The draft: bonus adjustments</legend>
          <SelectField
            label="Programme"
            options={PROGRAMMES.map((p) => ({ value: p, label: programmeName(p) }))}
            error={errors.programme}
            {...form.register('programme')}
          />
          {field('referralBonusNaira', 'Referral bonus (₦)')}
          {field(
            'stageBonusChangePercent',
            'Change every stage bonus by (%)',
            'Activities, graduating and thank-you bonuses; -10 lowers them by a tenth',
          )}
        </fieldset>
      )}
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 font-bold text-slate-900">The people</legend>
        {field('months', 'Months')}
        {field('joinsPerMonth', 'New members in the first month')}
        <SelectField
          label="Joins over time"
          options={shapes}
          error={errors.shape}
          {...form.register('shape')}
        />
        {field('shapePercent', 'Monthly growth or slowing (%)')}
        {field('stopAfterMonth', 'Joins stop after month')}
        {field('mainSharePercent', 'Joining Main (%)', 'The rest join Welcome Back')}
        {field('rejoinPercent', 'Welcome Back members paying again (%)')}
        {field('dropOutPercent', 'Monthly drop-out (%)', 'Members who stop bringing people, each month')}
        {field('recruits', 'People each member brings (people:share)', 'Such as 0:40, 2:40, 6:20')}
        {field('minimumPayoutNaira', 'Smallest payout (₦)')}
        {field('seed', 'Seed', 'The same seed draws the same people')}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 font-bold text-slate-900">
          The year: awards, grants, cash-outs, suspensions, inactivity
        </legend>
        {field(
          'awardLeadMonths',
          'Months to hand an award over',
          'From falling due (yearly installments on their anniversaries) to delivery',
        )}
        {field('grantApplyPercent', 'Applying for the grant (%)', 'Of members reaching the grant stage')}
        {field('grantApprovedPercent', 'Grant applications approved (%)')}
        {field('grantAmountPercent', 'Grant asked (% of the ceiling)', 'Never above the plan’s ceiling')}
        {field('cashOutPercent', 'Monthly cash-outs (%)', 'Members whose wallet reaches the threshold')}
        {field('cashOutMinimumNaira', 'Smallest wallet cashed out (₦)')}
        {field(
          'suspendedPercent',
          'Members suspended (%)',
          'Once, within a year of joining: their wallet is held and they earn nothing meanwhile',
        )}
        {field('suspensionMonths', 'Months a suspension lasts')}
        {field(
          'recruitingCurve',
          'Still bringing people, month by month after joining (%)',
          'Such as 100, 100, 80, 50, 20; the last value holds after',
        )}
      </fieldset>
      <SubmitButton pending={pending} pendingLabel="Simulating..." className="sm:w-auto">
        Simulate
      </SubmitButton>
    </form>
  );
}
