import { useState } from 'react';
import { QueryState } from '../../../components/display/query-state';
import { SelectField, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { usePayoutPreview } from '../api/get-payout-preview';
import { AdminPageTitle } from '../components/admin-page-title';
import { ApprovalNotice } from '../components/approval-notice';
import { PayoutPreviewView } from '../components/payout-preview-view';
import { PayoutRunsList } from '../components/payout-runs-list';
import { RunPayoutPanel } from '../components/run-payout-panel';
import { currentPeriod } from '../payout-period';
import { payoutChoiceSchema, type PayoutChoice } from '../payout-schema';

const programmes = [
  { value: 'main', label: 'Main' },
  { value: 'welcomeback', label: 'Welcome Back' },
] as const;

/** The monthly bonus payout: preview a programme's month with skip reasons, run it, follow every run. */
export function PayoutsPage() {
  const form = useZodForm(payoutChoiceSchema, { programme: 'main', period: currentPeriod() });
  const [choice, setChoice] = useState<PayoutChoice | null>(null);
  const preview = usePayoutPreview(choice?.programme ?? 'main', choice?.period ?? null);
  const onSubmit = form.handleSubmit((values) => {
    if (choice && values.programme === choice.programme && values.period === choice.period) void preview.refetch();
    else setChoice(values);
  });
  return (
    <>
      <AdminPageTitle lead="Bonuses are paid once a month to every wallet above the minimum with verified bank details. Preview first: it changes nothing.">
        Monthly Payouts
      </AdminPageTitle>
      <ApprovalNotice what="payout runs" />
      <div className="space-y-6">
        <form noValidate onSubmit={onSubmit} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-start">
          <SelectField label="Programme" options={programmes} error={form.formState.errors.programme} {...form.register('programme')} />
          <TextField label="Month" type="month" error={form.formState.errors.period} {...form.register('period')} />
          <SubmitButton pending={preview.isFetching} pendingLabel="Previewing..." className="sm:mt-6">
            Preview
          </SubmitButton>
        </form>
        {choice && (
          <QueryState query={preview} label="the payout preview">
            {(data) => (
              <div className="space-y-4">
                <RunPayoutPanel preview={data} />
                <PayoutPreviewView preview={data} />
              </div>
            )}
          </QueryState>
        )}
        <PayoutRunsList />
      </div>
    </>
  );
}
