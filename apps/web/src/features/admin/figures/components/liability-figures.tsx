import type { Programme } from '@coop/core';
import type { Liabilities } from '@coop/core/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { naira } from '../../../../components/display/format';
import { adminPaths } from '../../common/admin-paths';

const ledgerLink = (programme: Programme, view: string) =>
  `${adminPaths.ledger}?programme=${programme}&view=${view}`;

function Figure({
  label,
  value,
  detail,
  to,
  testId,
}: {
  label: string;
  value: string;
  detail: ReactNode;
  to?: string;
  testId: string;
}) {
  const body = (
    <>
      <p className="text-sm font-semibold text-slate-700">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
        {naira(value)}
      </p>
      <p className="mt-1 text-sm text-slate-600">{detail}</p>
    </>
  );
  const box = 'block rounded-lg border border-slate-200 bg-white p-4 shadow-sm';
  return to ? (
    <Link to={to} className={`${box} hover:border-brand-700 hover:bg-brand-50`}>
      {body}
      <span className="mt-2 inline-block text-sm font-semibold text-brand-900 underline underline-offset-2">
        See the list
      </span>
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}

/** The cash side of what the company owes: every figure from the ledger, each opening the lines behind it. */
export function LiabilityFigures({ view: v }: { view: Liabilities }) {
  const p = v.programme;
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <Figure
        label="Owed to members now"
        value={v.owedNow}
        detail={`The sum of all wallets: ${v.walletsInCredit} hold money`}
        to={ledgerLink(p, 'wallets')}
        testId="owed-now"
      />
      <Figure
        label="Reserved in payout runs"
        value={v.reservedInPayoutRuns}
        detail="Taken from wallets for a payout the bank has not yet confirmed, or a cash-out waiting for approval"
        to={ledgerLink(p, 'reserved')}
        testId="reserved"
      />
      <Figure
        label="Fees received"
        value={v.feesReceived}
        detail="Registration fees, all time"
        to={ledgerLink(p, 'fee')}
        testId="fees-received"
      />
      <Figure
        label="Cash bonuses credited"
        value={v.bonusesCredited}
        detail="Credited to wallets, all time (before the health fee deduction)"
        to={ledgerLink(p, 'bonus')}
        testId="bonuses-credited"
      />
      <Figure
        label="Retained by the company"
        value={v.retained}
        detail="Fees received minus cash bonuses credited"
        testId="retained"
      />
      <Figure
        label="Paid out"
        value={v.paidOut}
        detail={`All time: ${naira(v.paidByTransfer)} by bank transfer, ${naira(v.paidByCash)} recorded as cash`}
        to={ledgerLink(p, 'paid_out')}
        testId="paid-out"
      />
      <Figure
        label="Health fees to pass on"
        value={v.healthFeesPayable}
        detail="Deducted from stage-2 bonuses for the health organisation"
        to={ledgerLink(p, 'health_fee')}
        testId="health-fees"
      />
      <Figure
        label="Grants approved"
        value={v.grantsApproved.value}
        detail={`${v.grantsApproved.count} approved grant${v.grantsApproved.count === 1 ? '' : 's'}, credited to the member's wallet on approval: what is not yet paid out is part of owed now`}
        to={`${adminPaths.grants}?status=approved`}
        testId="grants-approved"
      />
      <Figure
        label="Refunds due"
        value={v.refundsDue.value}
        detail={`${v.refundsDue.count} payment${v.refundsDue.count === 1 ? '' : 's'} taken that placed nothing: owed back, not income`}
        to={v.refundsDue.count ? '#refunds-due' : undefined}
        testId="refunds-due"
      />
      {v.chargebacks.count > 0 && (
        <Figure
          label="Taken back by card disputes"
          value={v.chargebacks.value}
          detail={`${v.chargebacks.count} lost dispute${v.chargebacks.count === 1 ? '' : 's'}: taken out of the fees received (or the refund owed)${v.chargebacks.loss === '0.00' ? '' : `; ${naira(v.chargebacks.loss)} beyond them, the customer's card fee or money refunded twice, is a loss`}`}
          to={ledgerLink(p, 'fee')}
          testId="chargebacks"
        />
      )}
    </div>
  );
}
