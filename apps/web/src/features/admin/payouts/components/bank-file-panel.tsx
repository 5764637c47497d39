import { naira } from '../../../../components/display/format';
import { errorMessage, FormMessage } from '../../../../components/form';
import { useDownloadBankFile } from '../api/download-bank-file';
import type { PayoutRunDetail } from '../../common/types';
import { BankFileBatch } from './bank-file-batch';

/**
 * A run paid by bank file (decision 0039). Each download is a batch of exactly the payouts to send now, with its
 * own id and control total: the open batch is given again until what the bank paid is recorded, so nobody is in two
 * files and a payout the bank paid is never sent again. After a retry, the next download holds only the retried
 * payouts. What the bank paid is recorded per batch, with the bank's reason for each payment it refused.
 */
export function BankFilePanel({ run }: { run: PayoutRunDetail }) {
  const download = useDownloadBankFile();
  if (run.mode !== 'csv') return null;
  const open = run.batches.find((b) => b.status === 'open' || b.status === 'awaiting_approval');
  const unsent = run.payouts.filter(
    (p) =>
      p.status === 'reserved' && !open?.items.some((i) => i.payoutId === p.id && i.attempt === p.attempt),
  ).length;
  const canDownload = Boolean(open) || unsent > 0;
  return (
    <section
      aria-labelledby="bank-file-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h2 id="bank-file-title" className="text-lg font-bold text-slate-900">
        Bank files
      </h2>
      <p className="text-sm text-slate-700">
        {open
          ? `Batch #${open.id} is with the bank: downloading gives the same file again (${open.paymentCount} payment${open.paymentCount === 1 ? '' : 's'}, ${naira(open.total)}). Pay it once, then record what the bank paid.`
          : unsent > 0
            ? `Download the file of the ${unsent} payout${unsent === 1 ? '' : 's'} to send now, pay it through the bank, then record what the bank paid.`
            : 'No payout waits to be sent: every payout is in a recorded file or has its outcome. A refused payout goes into a new file once it is retried.'}{' '}
        Each file has its own batch number and control total; each download is written to the audit log.
      </p>
      {unsent > 0 && open && (
        <p className="text-sm text-slate-700">
          {unsent} payout{unsent === 1 ? '' : 's'} retried since wait{unsent === 1 ? 's' : ''} for the next
          file, once batch #{open.id} is recorded.
        </p>
      )}
      {canDownload && (
        <button
          type="button"
          onClick={() => download.mutate(run.id)}
          disabled={download.isPending}
          className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
        >
          {download.isPending ? 'Preparing the file...' : 'Download the bank file'}
        </button>
      )}
      {download.isSuccess && (
        <FormMessage
          tone="success"
          message={`Saved ${download.data.filename}: batch #${download.data.batch.id}, ${download.data.batch.paymentCount} payment${download.data.batch.paymentCount === 1 ? '' : 's'}, ${naira(download.data.batch.total)}.`}
        />
      )}
      {download.isError && <FormMessage tone="error" message={errorMessage(download.error)} />}
      {run.batches.length > 0 && (
        <ul className="space-y-3" aria-label="Bank files of this run">
          {run.batches.map((batch) => (
            <BankFileBatch key={batch.id} batch={batch} />
          ))}
        </ul>
      )}
    </section>
  );
}
