import type { PlanVersionRow } from '@coop/core/contracts';
import { formatDateTime } from '../../../../components/display/format';
import { errorMessage, FormMessage, TextField } from '../../../../components/form';
import { useCancelScheduled, usePlanVersions } from '../api/plan-versions';

/**
 * When a submitted draft takes effect (decision 0062): on approval, or at a date and time operators announce.
 * `value` is the datetime-local text in the administrator's own time zone; `publishAtOf` turns it into the instant.
 */
export function TakesEffectField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const later = value !== null;
  const problem = later ? publishAtProblem(value) : null;
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold text-slate-900">Takes effect</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name="takes-effect" checked={!later} onChange={() => onChange(null)} />
        On approval
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" name="takes-effect" checked={later} onChange={() => onChange('')} />
        At a date and time I announce
      </label>
      {later && (
        <TextField
          label="Takes effect at (your time zone)"
          type="datetime-local"
          hint="Positions paid for from then on join under it; until then the version in force stays, and any administrator can cancel it."
          value={value}
          error={problem ? { message: problem } : undefined}
          onChange={(event) => onChange(event.target.value)}
          className="max-w-sm"
        />
      )}
    </fieldset>
  );
}

/** Why the chosen time cannot be asked for, or null. */
export function publishAtProblem(value: string | null): string | null {
  if (value === null) return null;
  if (!value) return 'Choose the date and time it takes effect.';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return 'Choose the date and time it takes effect.';
  return at.getTime() <= Date.now() ? 'Choose a time after now, or take effect on approval.' : null;
}

/** The instant asked for (ISO), or null for "on approval". */
export const publishAtOf = (value: string | null) => (value ? new Date(value).toISOString() : null);

/** A version approved for a later time: its date, the version in force until then, and its cancellation. */
export function ScheduledNotice({ row }: { row: PlanVersionRow }) {
  const cancel = useCancelScheduled();
  const inForce = usePlanVersions(row.programme).data?.currentVersion ?? null;
  if (row.status !== 'scheduled' || !row.effectiveAt) return null;
  return (
    <section
      aria-labelledby="scheduled-title"
      className="space-y-2 rounded-md border border-sky-300 bg-sky-50 p-3"
      data-testid="plan-scheduled"
    >
      <h2 id="scheduled-title" className="font-bold text-slate-900">
        Version {row.version} takes effect on {formatDateTime(row.effectiveAt)}
      </h2>
      <p className="text-sm text-slate-800">
        Approved and scheduled: from then on, without anyone acting, new members join under it.
        {inForce !== null && ` Until then version ${inForce} stays in force.`} A member whose payment began
        before that time joins under the version in force when it began, whose terms and fee they saw. Any
        administrator can cancel it until then; it then becomes a draft again.
      </p>
      <button
        type="button"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate({ programme: row.programme, id: row.id })}
        className="rounded-md border border-red-800 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
      >
        {cancel.isPending ? 'Cancelling...' : `Cancel version ${row.version}`}
      </button>
      {cancel.isError && <FormMessage tone="error" message={errorMessage(cancel.error)} />}
    </section>
  );
}
