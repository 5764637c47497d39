import { auditLogFilterSchema, type AuditLogFilter } from '@coop/core/contracts';
import { SelectField, SubmitButton, TextField, useZodForm } from '../../../../components/form';

const words = (action: string) => action.replace(/[_.]/g, ' ');

/** The audit log's filters: action, who acted, about which member, and Lagos days (both included). */
export function AuditFilterForm({
  filter,
  actions,
  onFilter,
}: {
  filter: AuditLogFilter;
  actions: string[];
  onFilter: (filter: AuditLogFilter) => void;
}) {
  const form = useZodForm(auditLogFilterSchema, {
    action: filter.action ?? '',
    actor: filter.actor ?? '',
    member: filter.member ?? '',
    from: filter.from ?? '',
    to: filter.to ?? '',
  });
  const errors = form.formState.errors;
  const clear = () => {
    form.reset({ action: '', actor: '', member: '', from: '', to: '' });
    onFilter({});
  };
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onFilter)}
      aria-label="Filter the audit log"
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          label="Action"
          placeholder="Every action"
          options={[...new Set([...actions, ...(filter.action ? [filter.action] : [])])].map((a) => ({
            value: a,
            label: words(a),
          }))}
          error={errors.action}
          {...form.register('action')}
        />
        <TextField
          label="Member"
          hint="Email, name or account id"
          error={errors.member}
          {...form.register('member')}
        />
        <TextField
          label="Done by"
          hint="Administrator's email or name"
          error={errors.actor}
          {...form.register('actor')}
        />
        <TextField label="From" type="date" error={errors.from} {...form.register('from')} />
        <TextField label="To" type="date" error={errors.to} {...form.register('to')} />
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <SubmitButton pending={false} pendingLabel="Filtering..." className="sm:w-auto">
          Filter
        </SubmitButton>
        <button
          type="button"
          onClick={clear}
          className="min-h-11 rounded-md border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
