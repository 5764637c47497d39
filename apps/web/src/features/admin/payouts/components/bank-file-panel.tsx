import { useState } from 'react';
import { errorMessage, FormMessage } from '../../../../components/form';
import { useConfirmPayoutRun } from '../api/confirm-payout-run';
import { useDownloadBankFile } from '../api/download-bank-file';
import type { PayoutRunDetail } from '../../common/types';

const button = 'min-h-11 rounded-md px-5 font-semibold disabled:opacity-70';

/**
 * A run paid by bank file: download the file for the bank, then record what the bank paid. Payouts the bank
 * could not pay are ticked; their money goes back to the members' wallets, the rest is settled. The file stays
 * downloadable after the run is complete.
 */
export function BankFilePanel({ run }: { run: PayoutRunDetail }) {
  const download = useDownloadBankFile();
  const confirm = useConfirmPayoutRun();
  const [failed, setFailed] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const waiting = run.payouts.filter((p) => p.status === 'reserved' || p.status === 'processing');
  if (run.mode !== 'csv') return null;

  const toggle = (id: number) =>
    setFailed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section
      aria-labelledby="bank-file-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="bank-file-title" className="text-lg font-bold text-slate-900">
        Bank file
      </h2>
      <p className="text-sm text-slate-700">
        {run.status === 'running'
          ? 'Download the file, pay it through the bank, then record what the bank paid.'
          : "The bank's answer is recorded; the file stays available for your records."}{' '}
        Each download is written to the audit log.
      </p>
      <button
        type="button"
        onClick={() => download.mutate(run.id)}
        disabled={download.isPending}
        className={`${button} bg-brand-800 text-white hover:bg-brand-900`}
      >
        {download.isPending ? 'Preparing the file...' : 'Download the bank file'}
      </button>
      {download.isSuccess && <FormMessage tone="success" message={`Saved ${download.data}.`} />}
      {download.isError && <FormMessage tone="error" message={errorMessage(download.error)} />}
      {waiting.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="font-semibold text-slate-900">Tick any payout the bank could not pay</legend>
          {waiting.map((p) => (
            <label key={p.id} className="flex min-h-11 items-center gap-3 text-slate-800">
              <input
                type="checkbox"
                className="size-5"
                checked={failed.has(p.id)}
                onChange={() => toggle(p.id)}
              />
              <span className="break-words">
                {p.fullName} · {p.bankName} ····{p.accountNumberLast4}
              </span>
            </label>
          ))}
          {!confirming ? (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className={`${button} border border-brand-800 text-brand-900 hover:bg-brand-50`}
            >
              Record what the bank paid
            </button>
          ) : (
            <div className="space-y-2">
              <p className="text-sm font-semibold text-slate-900">
                {waiting.length - failed.size} paid, {failed.size} not paid (money back to the wallet). This
                cannot be undone.
              </p>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={confirm.isPending}
                  onClick={() => confirm.mutate({ id: run.id, failedPayoutIds: [...failed] })}
                  className={`${button} bg-brand-800 text-white hover:bg-brand-900`}
                >
                  {confirm.isPending ? 'Recording...' : 'Yes, record it'}
                </button>
                <button
                  type="button"
                  onClick={() => setConfirming(false)}
                  className={`${button} border border-slate-300 text-slate-800`}
                >
                  Not yet
                </button>
              </div>
            </div>
          )}
        </fieldset>
      )}
      {confirm.isError && <FormMessage tone="error" message={errorMessage(confirm.error)} />}
      {confirm.isSuccess && (
        <FormMessage
          tone="success"
          message={`Recorded: ${confirm.data.settled} paid, ${confirm.data.failed} returned to the wallet.`}
        />
      )}
    </section>
  );
}
