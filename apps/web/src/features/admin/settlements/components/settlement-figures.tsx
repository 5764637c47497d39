import type { SettlementSummary } from '@coop/core/contracts';
import { naira } from '../../../../components/display/format';

/**
 * A settlement's sum as the bank line is made: the payments, less Paystack's fees, less what it deducted (refunds and
 * chargebacks), equals what reaches the bank; our figure beside Paystack's.
 */
export function SettlementFigures({ settlement: s }: { settlement: SettlementSummary }) {
  const row = (label: string, value: string, testId?: string, strong = false) => (
    <>
      <dt className="text-slate-700">{label}</dt>
      <dd
        data-testid={testId}
        className={`text-right tabular-nums ${strong ? 'font-bold text-slate-900' : 'text-slate-900'}`}
      >
        {value}
      </dd>
    </>
  );
  return (
    <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
      {row(`${s.paymentCount} payment${s.paymentCount === 1 ? '' : 's'}`, naira(s.processed))}
      {row("less Paystack's fees", `−${naira(s.fees)}`)}
      {row('less refunds (ours)', `−${naira(s.refunds)}`)}
      {row('less chargebacks (ours)', `−${naira(s.chargebacks)}`)}
      {row("Paystack's deductions", `−${naira(s.deductions)}`)}
      {row('To the bank (Paystack)', naira(s.total), 'settlement-total', true)}
      {row('By our records', naira(s.oursTotal), 'settlement-ours', true)}
    </dl>
  );
}
