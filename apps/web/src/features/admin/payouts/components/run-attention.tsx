import type { PayoutRunDetail } from '../../common/types';
import { TransferCodeForm } from './transfer-code-form';

/**
 * The warning a run shows while any payout needs a person (failed or reversed and not paid since, waiting for
 * Paystack's one-time code, a status Paystack never documented): per member, what Paystack or the bank said and
 * what to do, with the code's input where Paystack waits for one.
 */
export function RunAttention({ run }: { run: PayoutRunDetail }) {
  const failed = run.payouts.filter((p) => p.attention);
  if (run.status !== 'needs_attention' || failed.length === 0) return null;
  return (
    <section
      role="alert"
      aria-labelledby="run-attention"
      className="rounded-lg border-2 border-amber-600 bg-amber-50 p-4"
      data-testid="run-attention"
    >
      <h2 id="run-attention" className="text-lg font-bold text-amber-950">
        Needs attention: {failed.length} payout{failed.length === 1 ? '' : 's'} not paid
      </h2>
      <p className="text-sm text-amber-950">
        {run.mode === 'csv'
          ? "A payment the bank did not make has its money back in the member's wallet: once the member has fixed what is wrong, press Retry below and it goes into the next bank file, once. Release a payout that will not be paid."
          : "A failed payout's money is back in the member's wallet: once the member has fixed what is wrong, press Retry below and it is paid in this run, once. A transfer waiting for Paystack's one-time code is paid as soon as the code is given. Release a payout that will not be paid."}
      </p>
      <ul className="mt-2 space-y-2">
        {failed.map((p) => (
          <li
            key={p.id}
            className="rounded-md border border-amber-300 bg-white p-3"
            data-testid="attention-payout"
          >
            <p className="font-semibold break-words text-slate-900">
              {p.fullName} · {p.bankName} ····{p.accountNumberLast4}
            </p>
            <p className="text-sm text-slate-800">
              <span className="font-semibold">
                {p.attention!.needsCode
                  ? 'Paystack:'
                  : run.mode === 'csv'
                    ? 'What happened:'
                    : "Bank's reason:"}
              </span>{' '}
              {p.attention!.reason}
            </p>
            <p className="text-sm text-slate-800">
              <span className="font-semibold">What to do:</span> {p.attention!.action}
            </p>
            {p.attention!.needsCode && <TransferCodeForm payoutId={p.id} name={p.fullName} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
