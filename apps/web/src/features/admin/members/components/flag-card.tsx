import { clearFlagSchema, type FraudFlag } from '@coop/core/contracts';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../components/display/format';
import {
  errorMessage,
  FormMessage,
  SubmitButton,
  TextAreaField,
  useZodForm,
} from '../../../../components/form';
import { adminPaths, memberRecordPath } from '../../common/admin-paths';
import { useClearFlag } from '../api/clear-flag';
import { useHoldFlag } from '../api/hold-flag';
import { adminName } from '../../common/admin-name';

function HoldFlagForm({ flag }: { flag: FraudFlag }) {
  const form = useZodForm(clearFlagSchema, { note: '' });
  const hold = useHoldFlag();
  const onSubmit = form.handleSubmit(({ note }) => hold.mutate({ id: flag.id, note }));
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm font-semibold text-brand-900">
        Hold this account’s payouts
      </summary>
      <form noValidate onSubmit={onSubmit} className="mt-2 space-y-3">
        <TextAreaField
          label="Why the payouts should wait (kept in the audit log)"
          rows={2}
          error={form.formState.errors.note}
          {...form.register('note')}
        />
        <SubmitButton
          pending={hold.isPending}
          pendingLabel="Holding..."
          className="bg-red-700 hover:bg-red-800 sm:w-auto"
        >
          Hold the payouts
        </SubmitButton>
        {hold.isError && <FormMessage tone="error" message={errorMessage(hold.error)} />}
      </form>
    </details>
  );
}

function ClearFlagForm({ flag }: { flag: FraudFlag }) {
  const form = useZodForm(clearFlagSchema, { note: '' });
  const clear = useClearFlag();
  const onSubmit = form.handleSubmit(({ note }) => clear.mutate({ id: flag.id, note }));
  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3 border-t border-slate-200 pt-3">
      <TextAreaField
        label="What you checked (kept in the audit log)"
        rows={2}
        error={form.formState.errors.note}
        {...form.register('note')}
      />
      <SubmitButton pending={clear.isPending} pendingLabel="Clearing..." className="sm:w-auto">
        Clear the flag
      </SubmitButton>
      {clear.isError && <FormMessage tone="error" message={errorMessage(clear.error)} />}
    </form>
  );
}

/** One fraud signal: what was seen, about whom, and either the form to clear it or who cleared it and why. */
export function FlagCard({ flag, showAccount = true }: { flag: FraudFlag; showAccount?: boolean }) {
  return (
    <li
      className={`rounded-lg border bg-white p-4 shadow-sm ${flag.clearedAt ? 'border-slate-200' : 'border-amber-400'}`}
      data-testid="fraud-flag"
    >
      <p className="font-semibold text-slate-900">{flag.ruleText}</p>
      {showAccount && (
        <p className="mt-1 break-words">
          <Link className="font-semibold text-brand-800 underline" to={memberRecordPath(flag.account.id)}>
            {flag.account.fullName}
          </Link>{' '}
          <span className="text-sm break-all text-slate-600">{flag.account.email}</span>
        </p>
      )}
      <p className="mt-1 text-sm text-slate-700">
        {flag.detail}
        {flag.related && (
          <>
            {' · with '}
            <Link className="text-brand-800 underline" to={memberRecordPath(flag.related.id)}>
              {flag.related.fullName}
            </Link>
          </>
        )}
      </p>
      <p className="mt-1 text-xs text-slate-500">Raised {formatDateTime(flag.raisedAt)}</p>
      {flag.clearedAt ? (
        <p className="mt-2 text-sm text-slate-700">
          Cleared {formatDateTime(flag.clearedAt)} by{' '}
          {adminName(flag.clearedBy, flag.rule === 'payment_disputed' ? 'Paystack' : 'an administrator')}: “
          {flag.clearNote}”
        </p>
      ) : flag.rule === 'payment_disputed' ? (
        <p className="mt-2 text-sm font-semibold text-amber-900">
          Payouts and cash-outs wait until Paystack resolves the dispute:{' '}
          <Link className="text-brand-800 underline" to={adminPaths.disputes}>
            answer it in Disputes
          </Link>
          .
        </p>
      ) : (
        <>
          {flag.holdsPayouts ? (
            <p className="mt-2 text-sm font-semibold text-amber-900">
              Payouts to this account wait until the flag is cleared.
            </p>
          ) : (
            <>
              <p className="mt-2 text-sm text-slate-700">
                A signal to look at: payouts to this account are not held.
              </p>
              <HoldFlagForm flag={flag} />
            </>
          )}
          <ClearFlagForm flag={flag} />
        </>
      )}
    </li>
  );
}
