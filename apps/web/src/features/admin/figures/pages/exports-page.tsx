import { PROGRAMMES, programmeName, type Programme } from '@coop/core';
import { errorMessage, FormMessage } from '../../../../components/form';
import { useDownloadExport } from '../../common/api/download-export';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { PeriodExportForm } from '../components/period-export-form';

function MemberExports() {
  const download = useDownloadExport();
  const run = (programme: Programme) =>
    download.mutate({
      path: `/admin/exports/members?programme=${programme}`,
      fallbackName: `members-${programme}.csv`,
    });
  return (
    <section
      aria-labelledby="member-export"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="member-export" className="font-bold text-slate-900">
        Members
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">
        Every account of a programme: contact details, sponsor, status, stage, wallet, bank (account number
        masked) and open fraud flags.
      </p>
      <div className="flex flex-wrap gap-3">
        {PROGRAMMES.map((p) => (
          <button
            key={p}
            type="button"
            disabled={download.isPending}
            onClick={() => run(p)}
            className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
          >
            {programmeName(p)} members (CSV)
          </button>
        ))}
      </div>
      {download.isSuccess && <FormMessage tone="success" message={`Saved ${download.data}`} />}
      {download.isError && <FormMessage tone="error" message={errorMessage(download.error)} />}
    </section>
  );
}

/** CSV files for the accountant, streamed by the server however large; each export is in the audit log. */
export function ExportsPage() {
  return (
    <>
      <AdminPageTitle lead="Files for the accountant. Each export is recorded in the audit log. A payout run's file is on its own page.">
        Exports
      </AdminPageTitle>
      <div className="grid gap-4 xl:grid-cols-2">
        <MemberExports />
        <PeriodExportForm
          title="Payments"
          what="Every payment attempt made in the period, with its reference and outcome."
          endpoint="/admin/exports/payments"
          name="payments"
        />
        <PeriodExportForm
          title="Ledger journal"
          what="Every journal line of the entries made in the period: debits and credits of each entry together."
          endpoint="/admin/exports/journal"
          name="journal"
        />
      </div>
    </>
  );
}
