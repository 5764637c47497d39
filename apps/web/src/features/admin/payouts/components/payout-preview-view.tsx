import { naira } from '../../../../components/display/format';
import type { PayoutPreview } from '../../common/types';

const account = (bankName: string | null, last4: string | null) =>
  bankName && last4 ? `${bankName} ····${last4}` : 'no bank details';

/** Who a month's run would pay and who is left out, with the reason the server gives for each. */
export function PayoutPreviewView({ preview }: { preview: PayoutPreview }) {
  return (
    <div className="space-y-4" data-testid="payout-preview">
      {preview.otpWarning && (
        <p
          role="alert"
          className="rounded-lg border-2 border-amber-600 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="otp-warning"
        >
          {preview.otpWarning}
        </p>
      )}
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-600">To pay</dt>
          <dd className="text-xl font-bold text-slate-900" data-figure="payees">
            {preview.totals.payees} member{preview.totals.payees === 1 ? '' : 's'} ·{' '}
            {naira(preview.totals.amount)}
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-600">Left out</dt>
          <dd className="text-xl font-bold text-slate-900" data-figure="skipped">
            {preview.totals.skipped} · {naira(preview.totals.skippedAmount)}
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-600">Smallest wallet paid</dt>
          <dd className="text-xl font-bold text-slate-900">{naira(preview.minimum)}</dd>
        </div>
      </dl>
      <section aria-labelledby="payees" className="rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="payees" className="font-bold text-slate-900">
          Would be paid
        </h3>
        {preview.payees.length === 0 ? (
          <p className="mt-2 text-slate-600">No wallet is due a payout this month.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {preview.payees.map((p) => (
              <li key={p.accountId} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                <span className="min-w-0">
                  <span className="block font-semibold break-words text-slate-900">{p.fullName}</span>
                  <span className="block text-sm break-all text-slate-600">
                    {p.email} · {account(p.bankName, p.accountNumberLast4)}
                  </span>
                </span>
                <span className="font-bold text-slate-900 tabular-nums">{naira(p.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="skipped" className="rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="skipped" className="font-bold text-slate-900">
          Left out, and why
        </h3>
        {preview.skipped.length === 0 ? (
          <p className="mt-2 text-slate-600">Nobody with money in the wallet is left out.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {preview.skipped.map((s) => (
              <li
                key={s.accountId}
                className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2"
                data-testid="skipped-payee"
              >
                <span className="min-w-0">
                  <span className="block font-semibold break-words text-slate-900">{s.fullName}</span>
                  <span className="block text-sm break-all text-slate-600">{s.email}</span>
                  <span className="block text-sm font-medium text-amber-900">{s.reasonText}</span>
                </span>
                <span className="text-slate-700 tabular-nums">{naira(s.balance)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
