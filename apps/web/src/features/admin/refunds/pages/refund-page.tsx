import { programmeName } from '@coop/core';
import { Link, useParams } from 'react-router';
import { formatDateTime, naira } from '../../../../components/display/format';
import { QueryState } from '../../../../components/display/query-state';
import { approvalPath, memberRecordPath } from '../../common/admin-paths';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { ApprovalNotice } from '../../common/components/approval-notice';
import { StatusBadge } from '../../common/components/status-badge';
import { useRefundOverview } from '../api/get-refund-overview';
import { RefundForm } from '../components/refund-form';
import { RefundHistory } from '../components/refund-history';

/** Refund one payment that placed no position (decision 0033), from the member record or the list awaiting refund. */
export function RefundPage() {
  const { reference = '' } = useParams();
  const overview = useRefundOverview(reference);
  return (
    <QueryState query={overview} label="the payment">
      {(o) => (
        <>
          <AdminPageTitle lead={<span className="break-all">Payment {o.payment.reference}</span>}>
            Refund a payment
          </AdminPageTitle>
          <div className="grid max-w-5xl gap-4 lg:grid-cols-2">
            <section
              aria-labelledby="payment-facts"
              className="rounded-lg border border-slate-200 bg-white p-4"
            >
              <h2 id="payment-facts" className="mb-2 font-bold text-slate-900">
                The payment
              </h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-700">Paid by</dt>
                <dd className="min-w-0 break-words">
                  <Link
                    to={memberRecordPath(o.payment.accountId)}
                    className="font-semibold text-brand-900 underline underline-offset-2"
                  >
                    {o.payment.fullName}
                  </Link>{' '}
                  <span className="break-all text-slate-700">({o.payment.email})</span>
                </dd>
                <dt className="text-slate-700">Programme</dt>
                <dd>{programmeName(o.payment.programme)}</dd>
                <dt className="text-slate-700">Amount</dt>
                <dd className="font-semibold tabular-nums">{naira(o.payment.amount)}</dd>
                <dt className="text-slate-700">Status</dt>
                <dd>
                  <StatusBadge status={o.payment.status} />
                  {o.payment.paidAt && (
                    <span className="ml-2 text-slate-700">paid {formatDateTime(o.payment.paidAt)}</span>
                  )}
                </dd>
                <dt className="text-slate-700">Position</dt>
                <dd className="break-words">
                  {o.payment.placed ? 'Placed a position in the matrix' : (o.payment.note ?? 'None placed')}
                </dd>
                <dt className="text-slate-700">Refunded</dt>
                <dd className="tabular-nums">{naira(o.refunded)}</dd>
                <dt className="text-slate-700">Left to refund</dt>
                <dd className="font-semibold tabular-nums" data-testid="refund-left">
                  {naira(o.left)}
                </dd>
              </dl>
            </section>
            <section aria-labelledby="refund-act" className="space-y-3">
              <h2 id="refund-act" className="font-bold text-slate-900">
                Refund
              </h2>
              {o.payment.placed ? (
                <p
                  className="rounded-md border border-amber-900/30 bg-amber-100 px-3 py-2 text-sm text-amber-900"
                  data-testid="refund-out-of-scope"
                >
                  Refunding an activated position is out of scope: this payment placed a position in the
                  matrix and its bonuses were paid up the matrix, so the platform does not refund it. Only
                  payments that placed no position (a duplicate, a payment after closure, one that could not
                  be placed) are refunded here.
                </p>
              ) : o.refundable ? (
                <>
                  <ApprovalNotice what="refunds" />
                  <RefundForm overview={o} />
                </>
              ) : (
                <p
                  className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800"
                  data-testid="refund-refusal"
                >
                  {o.refusal}{' '}
                  {o.waitingApproval && (
                    <Link
                      to={approvalPath(o.waitingApproval.id)}
                      className="font-semibold text-brand-900 underline underline-offset-2"
                    >
                      See request #{o.waitingApproval.id}
                    </Link>
                  )}
                </p>
              )}
              <h3 className="pt-2 font-bold text-slate-900">Refunds of this payment</h3>
              <RefundHistory refunds={o.refunds} />
            </section>
          </div>
        </>
      )}
    </QueryState>
  );
}
