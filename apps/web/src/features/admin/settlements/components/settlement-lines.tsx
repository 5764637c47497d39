import type { SettlementLine } from '@coop/core/contracts';
import { Link } from 'react-router';
import { naira } from '../../../../components/display/format';
import { memberRecordPath, refundPath } from '../../common/admin-paths';

const kindWords: Record<SettlementLine['kind'], string> = {
  payment: 'Payment',
  refund: 'Refund',
  chargeback: 'Chargeback',
};

/**
 * What a settlement holds, line by line: each payment with Paystack's charge and fees beside ours, then the refunds
 * and chargebacks of its period; what each adds to (or takes from) the bank total.
 */
export function SettlementLines({ lines }: { lines: SettlementLine[] }) {
  if (lines.length === 0) return <p className="text-slate-600">This settlement holds no line.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {lines.map((line) => (
        <li
          key={`${line.kind}-${line.reference}`}
          data-testid="settlement-line"
          data-kind={line.kind}
          className={`grid gap-2 p-3 sm:grid-cols-[1fr_auto] ${line.problem ? 'bg-red-50' : ''}`}
        >
          <div className="min-w-0 space-y-0.5 text-sm">
            <p className="font-semibold text-slate-900">
              {kindWords[line.kind]}{' '}
              {line.accountId && line.memberName ? (
                <Link
                  to={memberRecordPath(line.accountId)}
                  className="text-brand-900 underline underline-offset-2"
                >
                  {line.memberName}
                </Link>
              ) : (
                <span className="font-normal text-slate-700">(no member of ours)</span>
              )}
            </p>
            <p className="break-all text-slate-700">
              {line.kind === 'refund' ? (
                <Link to={refundPath(line.reference)} className="underline underline-offset-2">
                  {line.reference}
                </Link>
              ) : (
                line.reference
              )}
            </p>
            {line.kind === 'payment' && (
              <p className="text-slate-700 tabular-nums">
                Paystack: {line.providerAmount ? naira(line.providerAmount) : '—'}, fees{' '}
                {line.providerFees ? naira(line.providerFees) : '—'} · ours:{' '}
                {line.amount ? naira(line.amount) : '—'}, fees {line.fees ? naira(line.fees) : '—'}
              </p>
            )}
            {line.problem && (
              <p className="font-semibold text-red-800" data-testid="settlement-line-problem">
                {line.problem}
              </p>
            )}
          </div>
          <p className="text-right text-base font-bold text-slate-900 tabular-nums">{naira(line.net)}</p>
        </li>
      ))}
    </ul>
  );
}
