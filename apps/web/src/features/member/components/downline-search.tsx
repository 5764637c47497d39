import { useState } from 'react';
import { SubmitButton, TextField, useZodForm } from '../../../components/form';
import { formatDate } from '../../../components/display/format';
import { QueryState } from '../../../components/display/query-state';
import { useMatrixSearch } from '../api/search-matrix';

// Loaded when the member first searches: the matrix page draws its figures without zod and the contracts (decision 0037).
const searchSchema = () =>
  import('@coop/core/contracts').then((contracts) => contracts.matrixSearchQuerySchema);

/** Finds someone in the member's own matrix by first name or surname, and opens the matrix at their place. */
export function DownlineSearch({ onOpen }: { onOpen: (positionId: number) => void }) {
  const [name, setName] = useState('');
  const query = useMatrixSearch(name);
  const form = useZodForm(searchSchema, { name: '' });
  const onSubmit = form.handleSubmit((values) => setName(values.name));
  return (
    <section
      aria-label="Search your matrix"
      className="mb-4 rounded-lg border border-slate-200 bg-white p-3 sm:p-5"
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label="Search your matrix by name"
          className="min-w-0 flex-1"
          error={form.formState.errors.name}
          {...form.register('name')}
        />
        {/* The kit's button is full width (forms on a phone); beside the field on wider screens it keeps its own width. */}
        <SubmitButton
          pending={query.isFetching}
          pendingLabel="Searching..."
          className="sm:w-auto sm:shrink-0"
        >
          Search
        </SubmitButton>
      </form>
      {name !== '' && (
        <div className="mt-3" aria-live="polite">
          <QueryState query={query} label="the search">
            {({ people }) =>
              people.length === 0 ? (
                <p className="text-slate-700">Nobody called “{name}” is in your matrix.</p>
              ) : (
                <ul className="divide-y divide-slate-100" aria-label="People found">
                  {people.map((p) => (
                    <li
                      key={p.positionId}
                      className="flex items-center justify-between gap-3 py-2"
                      data-testid="matrix-found"
                    >
                      <span className="min-w-0">
                        <span className="block font-semibold text-slate-900">{p.name}</span>
                        <span className="block text-sm text-slate-600">
                          Level {p.level} · {p.stageName} · joined {formatDate(p.joinedAt)}
                        </span>
                      </span>
                      <button
                        type="button"
                        onClick={() => onOpen(p.positionId)}
                        aria-label={`Show ${p.name} in your matrix`}
                        className="min-h-11 shrink-0 rounded-md border border-brand-700 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                      >
                        Show
                      </button>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        </div>
      )}
    </section>
  );
}
