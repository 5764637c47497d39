import { formatDateTime, naira } from '../../../../components/display/format';
import { StatusBadge } from '../../common/components/status-badge';
import type { PayoutRunDetail } from '../../common/types';

type RunPayout = PayoutRunDetail['payouts'][number];

/**
 * Each transfer made for a payout that was paid again, oldest first and the current one last: every line of the
 * bank statement (a refused transfer to the old account, then the retry) has its row, with the Paystack reference (a
 * bank-file run: the reference in the bank file, and the bank's reason).
 */
export function PayoutAttempts({ payout, bankFile = false }: { payout: RunPayout; bankFile?: boolean }) {
  if (payout.earlierAttempts.length === 0) return null;
  const attempts = [
    ...payout.earlierAttempts,
    {
      attempt: payout.attempt,
      reference: payout.reference,
      amount: payout.amount,
      status: payout.status,
      failureReason: payout.failureReason,
      bankName: payout.bankName,
      accountNumberLast4: payout.accountNumberLast4,
      at: payout.updatedAt,
    },
  ];
  return (
    <div className="mt-2 w-full basis-full">
      <p className="text-sm font-semibold text-slate-800">
        {bankFile ? 'Payments in bank files' : 'Transfers to the bank'} ({attempts.length})
      </p>
      <ol className="mt-1 space-y-1 border-l-2 border-slate-200 pl-3">
        {attempts.map((a) => (
          <li key={a.reference} data-testid="payout-attempt" className="text-sm text-slate-700">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium text-slate-900">Attempt {a.attempt}</span>
              <StatusBadge status={a.status} />
              <span className="tabular-nums">{naira(a.amount)}</span>
              <span>
                {a.bankName} ····{a.accountNumberLast4}
              </span>
              <span className="text-slate-600">{formatDateTime(a.at)}</span>
            </div>
            {a.failureReason && (
              <p className="text-red-700">
                {bankFile ? `The bank said: “${a.failureReason}”` : a.failureReason}
              </p>
            )}
            <p className="text-xs break-all text-slate-500">
              {bankFile ? 'Bank file reference' : 'Paystack reference'} {a.reference}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
