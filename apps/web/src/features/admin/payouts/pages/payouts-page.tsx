import { useState } from 'react';
import { QueryState } from '../../../../components/display/query-state';
import { SelectField, SubmitButton, TextField, useZodForm } from '../../../../components/form';
import { usePayoutPreview } from '../api/get-payout-preview';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { ApprovalNotice } from '../../common/components/approval-notice';
import { programmeOptions } from '../../common/programme-options';
import { PayoutPreviewView } from '../components/payout-preview-view';
import { PayoutRunsList } from '../components/payout-runs-list';
import { PreparedPayouts } from '../components/prepared-payouts';
import { RunPayoutPanel } from '../components/run-payout-panel';
import { currentPeriod } from '../payout-period';
import { payoutChoiceSchema, type PayoutChoice } from '../payout-schema';

const modes = [
  { value: 'transfer', label: 'Bank transfers (Paystack)' },
  { value: 'csv', label: 'Bank file (pay through the bank)' },
] as const;

/** The monthly bonus payout: preview a programme's month with skip reasons and how to pay, run it, follow every run. */
export function PayoutsPage() {
  const form = useZodForm(payoutChoiceSchema, {
    programme: 'main',
    mode: 'transfer',
    period: currentPeriod(),
  });
  const [choice, setChoice] = useState<PayoutChoice | null>(null);
  const preview = usePayoutPreview(
    choice?.programme ?? 'main',
    choice?.period ?? null,
    choice?.mode ?? 'transfer',
  );
  const onSubmit = form.handleSubmit((values) => {
    if (
      choice &&
      values.programme === choice.programme &&
      values.period === choice.period &&
      values.mode === choice.mode
    )
      void preview.refetch();
    else setChoice(values);
  });
  const openPrepared = (month: Pick<PayoutChoice, 'programme' | 'period'>) => {
    const values = { ...month, mode: form.getValues('mode') };
    form.reset(values);
    setChoice(values);
  };
  return (
    <>
      <AdminPageTitle lead="Bonuses are paid once a month to every wallet above the minimum with verified bank details. On the payout day the month is prepared for you; preview it (it changes nothing), then run it.">
        Monthly Payouts
      </AdminPageTitle>
      <ApprovalNotice what="payout runs" />
      <div className="space-y-6">
        <PreparedPayouts onOpen={openPrepared} />
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.4fr_auto] lg:items-start"
        >
          <SelectField
            label="Programme"
            options={programmeOptions}
            error={form.formState.errors.programme}
            {...form.register('programme')}
          />
          <TextField
            label="Month"
            type="month"
            error={form.formState.errors.period}
            {...form.register('period')}
          />
          <SelectField
            label="Pay by"
            options={modes}
            error={form.formState.errors.mode}
            {...form.register('mode')}
          />
          <SubmitButton pending={preview.isFetching} pendingLabel="Previewing..." className="lg:mt-6">
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
