import type { ApprovalPreviewLine } from '@coop/core/contracts';
import { naira } from '../../../../components/display/format';

const account = (bankName: string | null, last4: string | null) =>
  last4 ? `${bankName ?? ''} ····${last4}`.trim() : 'no bank account (cash or wallet)';

/** The frozen payments, one per line: a list on small screens, the same rows side by side on wide ones. */
export function PreviewLines({ lines }: { lines: ApprovalPreviewLine[] }) {
  return (
    <ul
      className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4"
      data-testid="frozen-preview"
    >
      {lines.map((line, i) => (
        <li
          key={`${line.accountId ?? 'line'}-${i}`}
          className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3"
          data-testid="frozen-line"
        >
          <div className="min-w-0">
            <p className="font-semibold break-words text-slate-900">{line.fullName}</p>
            {line.email && <p className="text-sm break-all text-slate-600">{line.email}</p>}
            <p className="text-sm text-slate-700">
              {line.previousAccountNumberLast4 ? (
                <>
                  New bank details:{' '}
                  <span className="font-semibold">{account(line.bankName, line.accountNumberLast4)}</span>{' '}
                  (was {account(line.previousBankName, line.previousAccountNumberLast4)})
                </>
              ) : (
                account(line.bankName, line.accountNumberLast4)
              )}
            </p>
          </div>
          <span className="font-bold text-slate-900 tabular-nums">{naira(line.amount)}</span>
        </li>
      ))}
    </ul>
  );
}
