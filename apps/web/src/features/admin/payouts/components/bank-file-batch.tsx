import type { PayoutBatch } from '@coop/core/contracts';
import { formatDateTime, naira } from '../../../../components/display/format';
import { FormMessage } from '../../../../components/form';
import { StatusBadge } from '../../common/components/status-badge';
import { useRecordBankFile } from '../api/record-bank-file';
import { useReverseBankFile } from '../api/reverse-bank-file';
import { CorrectBankFileForm } from './correct-bank-file-form';
import { isPending, PendingAnswer, WaitingRequest } from './pending-answer';
import { RecordBankAnswerForm } from './record-bank-answer-form';
import { adminName } from '../../common/admin-name';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const correctable = (batch: PayoutBatch) =>
  batch.items
    .filter((i) => i.outcome && !i.reversedFrom)
    .map((i) => i.payoutId)
    .join(',');

/** What the record says of one payment of the file, in the bank's words. */
function outcomeText(item: PayoutBatch['items'][number]) {
  if (!item.outcome) return "Waiting for the bank's answer";
  const now = item.outcome === 'paid' ? 'Paid by the bank' : `Not paid. The bank said: “${item.bankReason}”`;
  if (!item.reversedFrom) return now;
  const why = item.reversalReason === item.bankReason ? '' : `: ${item.reversalReason}`;
  return `${now} (corrected from ${item.reversedFrom === 'paid' ? 'paid' : 'not paid'} by ${adminName(item.reversedBy)}, approved by ${adminName(item.reversalApprovedBy, 'no second administrator')}${why})`;
}

/** One bank file: its id, who made it and when, its control total and status, its payments, and what can be done now. */
export function BankFileBatch({ batch }: { batch: PayoutBatch }) {
  const record = useRecordBankFile();
  const reverse = useReverseBankFile();
  const recorded = record.data;
  const corrected = reverse.data;
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="bank-file-batch">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-bold text-slate-900">Batch #{batch.id}</h3>
        <StatusBadge status={batch.status} />
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">Made by </dt>
          <dd className="inline font-medium text-slate-900">
            {adminName(batch.createdBy)}, {formatDateTime(batch.createdAt)}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Control total </dt>
          <dd className="inline font-medium text-slate-900 tabular-nums" data-testid="control-total">
            {plural(batch.paymentCount, 'payment')}, {naira(batch.total)}
          </dd>
        </div>
        {batch.recordedAt && (
          <div className="sm:col-span-2">
            <dt className="inline text-slate-600">Recorded by </dt>
            <dd className="inline font-medium text-slate-900">
              {adminName(batch.recordedBy)}
              {batch.recordedApprovedBy ? `, approved by ${adminName(batch.recordedApprovedBy)}` : ''},{' '}
              {formatDateTime(batch.recordedAt)}: {naira(batch.paid)} paid
            </dd>
          </div>
        )}
      </dl>
      {batch.status === 'open' && <RecordBankAnswerForm batch={batch} record={record} />}
      {recorded && isPending(recorded) && <PendingAnswer answer={recorded} />}
      {recorded && !isPending(recorded) && (
        <FormMessage
          tone="success"
          message={`Recorded: ${recorded.settled} paid, ${recorded.failed} not paid (their money is back in the wallets).`}
        />
      )}
      {batch.status === 'awaiting_approval' && batch.pendingRecordApprovalId && !recorded && (
        <WaitingRequest id={batch.pendingRecordApprovalId} what="The record of what the bank paid" />
      )}
      {batch.status !== 'open' && (
        <ul className="divide-y divide-slate-100 text-sm">
          {batch.items.map((item) => (
            <li key={item.payoutId} className="flex flex-wrap justify-between gap-x-4 py-2">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">
                  {item.fullName} · {item.bankName} ····{item.accountNumberLast4}
                </p>
                <p className="break-words text-slate-700">{outcomeText(item)}</p>
              </div>
              <span className="font-bold text-slate-900 tabular-nums">{naira(item.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      {corrected &&
        (isPending(corrected) ? (
          <PendingAnswer answer={corrected} />
        ) : (
          <FormMessage tone="success" message={corrected.message} />
        ))}
      {batch.pendingReversalApprovalId
        ? !corrected && (
            <WaitingRequest id={batch.pendingReversalApprovalId} what="A correction of this record" />
          )
        : (batch.status === 'recorded' || batch.status === 'reversed') && (
            // A new form when the payments left to correct change, so each tick stays on its own payment.
            <CorrectBankFileForm key={correctable(batch)} batch={batch} reverse={reverse} />
          )}
    </li>
  );
}
