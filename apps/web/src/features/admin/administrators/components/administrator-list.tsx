import { useState } from 'react';
import { QueryState } from '../../../../components/display/query-state';
import { errorMessage, FormMessage } from '../../../../components/form';
import { useAdministrators, useRemoveAdmin, type Administrator } from '../api/administrators';
import { useIdempotencyKey } from '../../common/hooks/use-idempotency-key';

/** Every administrator, with Remove (not yourself; the server also refuses the last one) after a confirmation. */
export function AdministratorList() {
  const admins = useAdministrators();
  const remove = useRemoveAdmin();
  const idempotency = useIdempotencyKey();
  const [asking, setAsking] = useState<Administrator | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  const confirm = async (admin: Administrator) => {
    try {
      const answer = await remove.mutateAsync({ email: admin.email, idempotencyKey: idempotency.keyFor(`remove|${admin.email}`) });
      idempotency.done();
      setOutcome({ tone: 'success', message: answer.message });
    } catch (error) {
      setOutcome({ tone: 'error', message: errorMessage(error) });
    } finally {
      setAsking(null);
    }
  };

  return (
    <section aria-labelledby="administrators" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="administrators" className="text-lg font-bold text-brand-900">
        Administrators
      </h2>
      <QueryState query={admins} label="the administrators">
        {(list) => (
          <ul className="mt-2 divide-y divide-slate-200">
            {list.items.map((admin) => (
              <li key={admin.id} className="py-3" data-testid="administrator">
                <p className="font-semibold break-words text-slate-900">
                  {admin.fullName} {admin.you && <span className="text-sm font-normal text-slate-600">(you)</span>}
                </p>
                <p className="text-sm break-all text-slate-700">{admin.email}</p>
                <p className="text-sm text-slate-600">Two-factor sign-in: {admin.twoFactor ? 'on' : 'not set up'}</p>
                {!admin.you && asking?.id !== admin.id && (
                  <button type="button" onClick={() => setAsking(admin)} className="mt-2 min-h-11 rounded-md border border-red-700 px-4 font-semibold text-red-800 hover:bg-red-50">
                    Remove administrator role
                  </button>
                )}
                {asking?.id === admin.id && (
                  <div role="group" aria-label={`Remove ${admin.fullName}`} className="mt-2 rounded-md border border-amber-900/30 bg-amber-100 p-3">
                    <p className="font-semibold text-amber-900">
                      Remove the administrator role of {admin.fullName} ({admin.email})? They become a member again and are signed out everywhere.
                    </p>
                    <div className="mt-2 flex flex-wrap gap-3">
                      <button
                        type="button"
                        onClick={() => void confirm(admin)}
                        disabled={remove.isPending}
                        className="min-h-11 rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
                      >
                        {remove.isPending ? 'Sending...' : 'Confirm removal'}
                      </button>
                      <button type="button" onClick={() => setAsking(null)} className="min-h-11 rounded-md border border-slate-400 bg-white px-4 font-semibold text-slate-800">
                        Cancel
                      </button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {outcome && <FormMessage tone={outcome.tone} message={outcome.message} />}
    </section>
  );
}
