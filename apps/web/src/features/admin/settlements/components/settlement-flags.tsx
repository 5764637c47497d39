import type { SettlementSummary } from '@coop/core/contracts';
import { formatDateTime } from '../../../../components/display/format';

/** Whether our figures and Paystack's agree, and whether the operator found it on the bank statement: in words. */
export function SettlementFlags({ settlement }: { settlement: SettlementSummary }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      {settlement.mismatch ? (
        <span
          data-testid="settlement-mismatch"
          className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-700"
        >
          Differs from our records
        </span>
      ) : (
        <span className="inline-block rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
          Matches our records
        </span>
      )}
      {settlement.tickedAt ? (
        <span
          data-testid="settlement-ticked"
          className="inline-block rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900"
          title={`Ticked ${formatDateTime(settlement.tickedAt)}`}
        >
          ✓ On the bank statement
        </span>
      ) : (
        <span className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
          Not ticked yet
        </span>
      )}
    </span>
  );
}
