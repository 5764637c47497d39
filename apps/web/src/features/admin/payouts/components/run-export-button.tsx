import { errorMessage, FormMessage } from '../../../../components/form';
import { useDownloadExport } from '../../common/api/download-export';

/** The run's payouts and outcomes as a CSV for the accountant (account numbers masked; audited). */
export function RunExportButton({ runId }: { runId: number }) {
  const download = useDownloadExport();
  return (
    <div className="mb-4">
      <button
        type="button"
        disabled={download.isPending}
        onClick={() =>
          download.mutate({
            path: `/admin/exports/payout-runs/${runId}`,
            fallbackName: `payout-run-${runId}.csv`,
          })
        }
        className="min-h-11 rounded-md border border-brand-800 bg-white px-5 font-semibold text-brand-900 hover:bg-brand-50 disabled:opacity-70"
      >
        Payouts and outcomes (CSV)
      </button>
      {download.isError && <FormMessage tone="error" message={errorMessage(download.error)} />}
    </div>
  );
}
