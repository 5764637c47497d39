import { clearFlagGroupSchema, type FraudFlagGroup } from '@coop/core/contracts';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../components/display/format';
import {
  errorMessage,
  FormMessage,
  SubmitButton,
  TextAreaField,
  useZodForm,
} from '../../../../components/form';
import { QueryState } from '../../../../components/display/query-state';
import { memberRecordPath } from '../../common/admin-paths';
import { useClearFlagGroup, useFlagGroups } from '../api/flag-groups';

function ClearGroupForm({ group }: { group: FraudFlagGroup }) {
  const form = useZodForm(clearFlagGroupSchema, { groupKey: group.groupKey, note: '' });
  const clear = useClearFlagGroup();
  const onSubmit = form.handleSubmit((input) => clear.mutate(input));
  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3 border-t border-slate-200 pt-3">
      <TextAreaField
        label="What you checked for the whole group (kept in the audit log)"
        rows={2}
        error={form.formState.errors.note}
        {...form.register('note')}
      />
      <SubmitButton pending={clear.isPending} pendingLabel="Clearing..." className="sm:w-auto">
        Clear all {group.count} signals
      </SubmitButton>
      {clear.isError && <FormMessage tone="error" message={errorMessage(clear.error)} />}
    </form>
  );
}

/** Signals raised together (everyone from one address in one hour), reviewed and cleared in one step. */
export function FlagGroups() {
  const groups = useFlagGroups();
  return (
    <QueryState query={groups} label="the groups of signals">
      {({ items }) =>
        items.length === 0 ? null : (
          <section aria-labelledby="flag-groups" className="mb-6">
            <h2 id="flag-groups" className="text-lg font-bold text-brand-900">
              Signals raised together
            </h2>
            <ul className="mt-2 space-y-3">
              {items.map((g) => (
                <li
                  key={g.groupKey}
                  className="min-w-0 rounded-lg border border-amber-400 bg-white p-4 shadow-sm"
                  data-testid="flag-group"
                >
                  <p className="font-semibold text-slate-900">
                    {g.ruleText}: {g.count} {g.count === 1 ? 'member' : 'members'}
                  </p>
                  <p className="mt-1 text-sm text-slate-700">
                    {g.detail} · raised {formatDateTime(g.firstRaisedAt)}
                    {g.lastRaisedAt !== g.firstRaisedAt && ` to ${formatDateTime(g.lastRaisedAt)}`}
                  </p>
                  <p className="mt-1 text-sm text-slate-700">
                    {g.holding === 0
                      ? 'A signal only: none of their payouts is held.'
                      : `${g.holding} of them hold payouts until cleared.`}
                  </p>
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm font-semibold text-brand-900">
                      Who they are
                    </summary>
                    <ul className="mt-1 space-y-1 text-sm">
                      {g.members.map((m) => (
                        <li key={m.id} className="break-words">
                          <Link className="text-brand-800 underline" to={memberRecordPath(m.id)}>
                            {m.fullName}
                          </Link>{' '}
                          <span className="break-all text-slate-600">{m.email}</span>
                        </li>
                      ))}
                    </ul>
                  </details>
                  <ClearGroupForm group={g} />
                </li>
              ))}
            </ul>
          </section>
        )
      }
    </QueryState>
  );
}
