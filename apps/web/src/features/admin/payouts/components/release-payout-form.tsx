import { payoutReleaseSchema } from '@coop/core/contracts';
import { useState } from 'react';
import { naira } from '../../../../components/display/format';
import { errorMessage, FormMessage, SubmitButton, TextField, useZodForm } from '../../../../components/form';
import { useReleasePayout } from '../api/release-payout';
import type { PayoutRunDetail } from '../../common/types';

type Payout = PayoutRunDetail['payouts'][number];

/**
 * Release a payout that will not be paid in this run (a closed account, a member who asked to wait): it stops
 * holding the run open, and its money is back in the wallet for a later month. Asks for the reason first.
 */
export function ReleasePayoutForm({ payout, bankFile = false }: { payout: Payout; bankFile?: boolean }) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(payoutReleaseSchema, { reason: '' });
  const release = useReleasePayout();
  // A sent transfer (processing, otp) can be released once Paystack reports it abandoned or never received it;
  // the server asks Paystack first and refuses while the transfer is still under way.
  if (!['reserved', 'processing', 'otp', 'failed', 'reversed'].includes(payout.status)) return null;
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-11 self-center rounded-md border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        Release…
      </button>
    );
  const onSubmit = form.handleSubmit((values) => release.mutate({ id: payout.id, ...values }));
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="w-full space-y-2 rounded-md border border-slate-300 bg-slate-50 p-3"
    >
      <p className="text-sm text-slate-800">
        {payout.fullName} will not be paid {naira(payout.amount)} in this run;{' '}
        {!['reserved', 'processing', 'otp'].includes(payout.status)
          ? 'the money is in the wallet already.'
          : bankFile
            ? 'the money goes back to the wallet (refused while the payout is in a bank file whose answer is not recorded).'
            : 'Paystack is asked first; if it has no live transfer, the money goes back to the wallet.'}
      </p>
      <TextField
        label="Why it will not be paid"
        error={form.formState.errors.reason}
        {...form.register('reason')}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={release.isPending} pendingLabel="Releasing..." className="sm:w-auto">
          Release this payout
        </SubmitButton>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="min-h-11 rounded-md border border-slate-400 bg-white px-4 font-semibold text-slate-800"
        >
          Cancel
        </button>
      </div>
      {release.isError && <FormMessage tone="error" message={errorMessage(release.error)} />}
    </form>
  );
}
