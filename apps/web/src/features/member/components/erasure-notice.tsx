import { formatDate } from '../../../components/display/format';
import { errorMessage, FormMessage } from '../../../components/form';
import { useAskErasure, useErasureRequest } from '../api/erasure-request';

/** What happens to the member's personal data after closure, and the ask to erase it early (decision 0029). */
export function ErasureNotice() {
  const asked = useErasureRequest();
  const ask = useAskErasure();
  const requestedAt = ask.data?.requestedAt ?? asked.data?.requestedAt ?? null;
  return (
    <section
      className="max-w-lg space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby="erasure-heading"
      data-testid="erasure-notice"
    >
      <h2 id="erasure-heading" className="text-lg font-semibold">
        Your personal data after closure
      </h2>
      <p className="text-slate-800">
        After your account closes we keep your name, contact and bank details{' '}
        {asked.data ? `for ${asked.data.retentionYears} years` : 'for the period'}, as company law asks of
        accounting records, and then erase them. You can ask for them to be erased as soon as the account is
        closed, once nothing is owed to you and nothing is open (a payout, a dispute, a request). Records of
        your payments, bonuses and payouts stay in our books with their amounts and dates, without your name.
      </p>
      {requestedAt ? (
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900" role="status">
          You asked on {formatDate(requestedAt)} for your personal data to be erased after closure.
        </p>
      ) : (
        <button
          type="button"
          disabled={ask.isPending || asked.isPending}
          onClick={() => ask.mutate()}
          className="min-h-11 w-full rounded-md border border-slate-400 px-5 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-50"
        >
          {ask.isPending ? 'Sending...' : 'Erase my personal data after closure'}
        </button>
      )}
      <FormMessage tone="success" message={ask.data?.message} />
      {ask.isError && <FormMessage tone="error" message={errorMessage(ask.error)} />}
      {asked.isError && <FormMessage tone="error" message={errorMessage(asked.error)} />}
    </section>
  );
}
