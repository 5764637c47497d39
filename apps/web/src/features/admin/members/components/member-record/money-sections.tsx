import type { MemberRecord } from '@coop/core/contracts';
import { formatDateTime, naira } from '../../../../../components/display/format';
import { Link } from 'react-router';
import { refundPath } from '../../../common/admin-paths';
import { RefundItem } from '../../../common/components/refund-item';
import { StatusBadge } from '../../../common/components/status-badge';
import { Facts, Nothing, RecordList, RecordSection } from './record-section';
import { adminName } from '../../../common/admin-name';

const signed = (amount: string) =>
  amount.startsWith('-') ? `−${naira(amount.slice(1))}` : `+${naira(amount)}`;

export function WalletSection({ record }: { record: MemberRecord }) {
  return (
    <RecordSection
      id="wallet"
      title="Wallet history"
      lead={`Every line of the wallet in the ledger, newest first. Balance ${naira(record.wallet)}.`}
    >
      {record.walletLines.length === 0 ? (
        <Nothing>Nothing has entered or left this wallet.</Nothing>
      ) : (
        <RecordList
          testId="wallet-line"
          items={record.walletLines}
          render={(l) => (
            <div className="flex flex-wrap justify-between gap-x-3">
              <span className="min-w-0 break-words text-slate-900">{l.reason}</span>
              <span
                className={`font-semibold tabular-nums ${l.amount.startsWith('-') ? 'text-red-800' : 'text-brand-900'}`}
              >
                {signed(l.amount)}
              </span>
              <span className="w-full text-xs text-slate-500">
                {formatDateTime(l.createdAt)} · entry {l.entryId} · {l.kind.replaceAll('_', ' ')}
              </span>
            </div>
          )}
        />
      )}
    </RecordSection>
  );
}

export function PaymentsSection({ record }: { record: MemberRecord }) {
  return (
    <RecordSection id="payments" title="Payments">
      {record.payments.length === 0 ? (
        <Nothing>No payment has been started.</Nothing>
      ) : (
        <RecordList
          testId="payment"
          items={record.payments}
          render={(p) => (
            <div className="flex flex-wrap items-center justify-between gap-x-3">
              <span className="font-mono text-sm break-all text-slate-900">{p.reference}</span>
              <span className="flex items-center gap-2">
                <span className="font-semibold tabular-nums">{naira(p.amount)}</span>
                <StatusBadge status={p.status} />
              </span>
              <span className="w-full text-xs text-slate-500">
                started {formatDateTime(p.createdAt)}
                {p.paidAt && ` · paid ${formatDateTime(p.paidAt)}`}
                {p.failureReason && ` · ${p.failureReason}`}
              </span>
              {p.charged && (
                <span className="w-full text-xs text-slate-600" data-testid="payment-charge">
                  {/* What Paystack charged the card and its fees, so the charge matches the bank statement. */}
                  charged {naira(p.charged)}
                  {p.paystackFees &&
                    ` · Paystack fees ${naira(p.paystackFees)} ${p.feesBorneBy === 'customer' ? 'paid by the member (added to the charge)' : 'borne by the company (taken from the settlement)'}`}
                </span>
              )}
              {p.refunds.length > 0 && (
                <ul
                  className="mt-2 w-full space-y-2 border-l-2 border-slate-200 pl-3"
                  aria-label={`Refunds of payment ${p.reference}`}
                >
                  {p.refunds.map((r) => (
                    <li key={r.id}>
                      <RefundItem refund={r} />
                    </li>
                  ))}
                </ul>
              )}
              {p.status === 'paid' && (
                <Link
                  to={refundPath(p.reference)}
                  className="text-sm font-semibold text-brand-900 underline underline-offset-2"
                  data-testid="payment-refund-link"
                >
                  Refund…
                </Link>
              )}
            </div>
          )}
        />
      )}
    </RecordSection>
  );
}

export function BankSection({ record }: { record: MemberRecord }) {
  const bank = record.bankDetails;
  return (
    <RecordSection id="bank" title="Bank details">
      {!bank ? (
        <Nothing>No bank details saved: bonuses cannot be paid out yet.</Nothing>
      ) : (
        <Facts
          rows={[
            ['Bank', bank.bankName],
            ['Account number', <span className="font-mono">{bank.accountNumberMasked}</span>],
            ['Name typed', bank.accountName],
            ['Name at the bank', bank.resolvedAccountName ?? 'Not checked'],
            ['Confirmation', bank.verified ? 'Confirmed with the bank' : 'Not confirmed: payouts wait'],
            ['Saved', formatDateTime(bank.updatedAt)],
          ]}
        />
      )}
    </RecordSection>
  );
}

export function PayoutsSection({ record }: { record: MemberRecord }) {
  return (
    <RecordSection
      id="payouts"
      title="Payouts and cash-outs"
      lead="Each bank transfer on its own line, newest first: a refused transfer and its retry are two lines, as on the bank statement."
    >
      {record.payouts.length === 0 && record.cashOuts.length === 0 && (
        <Nothing>Nothing has been paid out.</Nothing>
      )}
      {record.payouts.length > 0 && (
        <RecordList
          testId="payout"
          items={record.payouts}
          render={(p) => (
            <div className="flex flex-wrap items-center justify-between gap-x-3">
              <span className="text-slate-900">
                {p.period ? `${p.period} payout` : 'Payout'}, transfer {p.attempt}, to {p.bankName} account
                ending {p.accountNumberLast4}
              </span>
              <span className="flex items-center gap-2">
                <span className="font-semibold tabular-nums">{naira(p.amount)}</span>
                <StatusBadge status={p.status} />
              </span>
              <span className="w-full text-xs break-all text-slate-500">
                {formatDateTime(p.createdAt)} · reference {p.reference}
                {p.failureReason && ` · ${p.failureReason}`}
              </span>
            </div>
          )}
        />
      )}
      {record.cashOuts.length > 0 && (
        <RecordList
          testId="cash-out"
          items={record.cashOuts}
          render={(c) => (
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="text-slate-900">
                Cash-out recorded by {adminName(c.by)} on {formatDateTime(c.createdAt)}
              </span>
              <span className="font-semibold tabular-nums">{naira(c.amount)}</span>
            </p>
          )}
        />
      )}
    </RecordSection>
  );
}
