import { PROGRAMMES, programmeName, type Programme } from '@coop/core';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../../components/display/format';
import { IncomeDisclosureStatement } from '../../../../components/display/income-disclosure-statement';
import { QueryState } from '../../../../components/display/query-state';
import { errorMessage, FormMessage } from '../../../../components/form';
import { useDownloadExport } from '../../common/api/download-export';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { useIncomeDisclosure } from '../api/get-income-disclosure';
import { usePublishIncomeDisclosure } from '../api/publish-income-disclosure';

const thisYear = new Date(Date.now() + 3_600_000).getUTCFullYear();
const years = Array.from({ length: 6 }, (_, i) => thisYear - i);

/** The income disclosure statement for a programme and a year, its CSV, and whether it is on the public site. */
export function IncomeDisclosurePage() {
  const [params, setParams] = useSearchParams();
  const programme: Programme = params.get('programme') === 'welcomeback' ? 'welcomeback' : 'main';
  const year = Number(params.get('year')) || thisYear;
  const statement = useIncomeDisclosure(programme, year);
  const publish = usePublishIncomeDisclosure();
  const download = useDownloadExport();
  const choose = (next: { programme?: string; year?: string }) =>
    setParams({ programme, year: String(year), ...next }, { replace: true });
  const select = 'min-h-11 rounded-md border border-slate-300 bg-white px-3';
  return (
    <>
      <AdminPageTitle lead="What members who paid in a year received in it, from the ledger. Published statements appear on the public site, linked from the footer.">
        Income disclosure
      </AdminPageTitle>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 font-semibold text-slate-800">
          Programme
          <select
            className={select}
            value={programme}
            onChange={(e) => choose({ programme: e.target.value })}
          >
            {PROGRAMMES.map((p) => (
              <option key={p} value={p}>
                {programmeName(p)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 font-semibold text-slate-800">
          Year
          <select className={select} value={year} onChange={(e) => choose({ year: e.target.value })}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={download.isPending}
          onClick={() =>
            download.mutate({
              path: `/admin/income-disclosure/csv?programme=${programme}&year=${year}`,
              fallbackName: `income-disclosure-${programme}-${year}.csv`,
            })
          }
          className="min-h-11 rounded-md border border-brand-800 px-4 font-semibold text-brand-900 hover:bg-brand-50"
        >
          Download CSV
        </button>
      </div>
      {download.isError && <FormMessage tone="error" message={errorMessage(download.error)} />}
      <QueryState query={statement} label="the statement">
        {(d) => (
          <div className="max-w-3xl space-y-4">
            <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <p className="text-slate-800" data-testid="publication-state">
                {d.published && d.publishedAt
                  ? `On the public site since ${formatDateTime(d.publishedAt)}.`
                  : 'Not published: only administrators see it.'}
              </p>
              <button
                type="button"
                disabled={publish.isPending}
                onClick={() => publish.mutate({ programme, year, published: !d.published })}
                className="ml-auto min-h-11 rounded-md bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
              >
                {d.published ? 'Take it off the public site' : 'Publish on the public site'}
              </button>
            </div>
            {publish.isError && <FormMessage tone="error" message={errorMessage(publish.error)} />}
            <IncomeDisclosureStatement statement={d} />
          </div>
        )}
      </QueryState>
    </>
  );
}
