import { exportPeriodSchema } from '@coop/core/contracts';
import {
  errorMessage,
  FormMessage,
  SelectField,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../../components/form';
import { useDownloadExport } from '../../common/api/download-export';
import { programmeOptions } from '../../common/programme-options';

const programmes = [{ value: '', label: 'Both programmes' }, ...programmeOptions];

const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
const firstOfMonth = () => `${lagosToday().slice(0, 8)}01`;

/** One period export (payments or the ledger journal): days in Lagos time, both included. */
export function PeriodExportForm({
  title,
  what,
  endpoint,
  name,
}: {
  title: string;
  what: string;
  endpoint: string;
  name: string;
}) {
  const form = useZodForm(exportPeriodSchema, { programme: '', from: firstOfMonth(), to: lagosToday() });
  const download = useDownloadExport();
  const onSubmit = form.handleSubmit(({ programme, from, to }) =>
    download.mutate({
      path: `${endpoint}?from=${from}&to=${to}${programme ? `&programme=${programme}` : ''}`,
      fallbackName: `${name}-${from}-to-${to}.csv`,
    }),
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={title}
    >
      <h2 className="font-bold text-slate-900">{title}</h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">{what}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Programme"
          className="sm:col-span-2"
          options={programmes}
          error={form.formState.errors.programme}
          {...form.register('programme')}
        />
        <TextField label="From" type="date" error={form.formState.errors.from} {...form.register('from')} />
        <TextField label="To" type="date" error={form.formState.errors.to} {...form.register('to')} />
      </div>
      <SubmitButton
        pending={download.isPending}
        pendingLabel="Preparing the file..."
        className="mt-3 sm:w-auto"
      >
        Download CSV
      </SubmitButton>
      {download.isSuccess && <FormMessage tone="success" message={`Saved ${download.data}`} />}
      {download.isError && <FormMessage tone="error" message={errorMessage(download.error)} />}
    </form>
  );
}
