import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../../components/display/query-state';
import { formatDateTime } from '../../../../components/display/format';
import { errorMessage, FormMessage } from '../../../../components/form';
import { approvalPath } from '../../common/admin-paths';
import { useAdministrators, useRemoveAdmin, type Administrator } from '../api/administrators';
import { useIdempotencyKey } from '../../common/hooks/use-idempotency-key';
import { adminName } from '../../common/admin-name';

/** The removal that waits for an administrator: who asked, when it takes effect, and what each reader may do. */
function RemovalWaiting({ admin }: { admin: Administrator }) {
  const removal = admin.removal!;
  return (
    <div
      className="mt-2 space-y-1 rounded-md border border-amber-900/30 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="administrator-removal"
    >
      <p>
        <span className="font-semibold">Removal asked</span> by {adminName(removal.askedBy)} on{' '}
        {formatDateTime(removal.askedAt)}.
        {removal.takesEffectAt && (
          <>
            {' '}
            It takes effect on <span className="font-semibold">
              {formatDateTime(removal.takesEffectAt)}
            </span>{' '}
            unless an administrator other than {removal.askedBy.fullName} and {admin.fullName} declines it.
          </>
        )}
      </p>
      {removal.objection && (
        <p className="break-words">
          Objection from {admin.fullName}: {removal.objection}
        </p>
      )}
      <p>
        <Link to={approvalPath(removal.approvalId)} className="font-semibold underline underline-offset-2">
          {admin.you
            ? `Request #${removal.approvalId}: object`
            : `Request #${removal.approvalId}: approve, decline or withdraw`}
        </Link>
      </p>
    </div>
  );
}

/** Every administrator, with Remove (not yourself) after a confirmation that says what removal does (decision 0038). */
export function AdministratorList() {
  const admins = useAdministrators();
  const remove = useRemoveAdmin();
  const idempotency = useIdempotencyKey();
  const [asking, setAsking] = useState<Administrator | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  const confirm = async (admin: Administrator) => {
    try {
      const answer = await remove.mutateAsync({
        email: admin.email,
        idempotencyKey: idempotency.keyFor(`remove|${admin.email}`),
      });
      idempotency.done();
      setOutcome({ tone: 'success', message: answer.message });
    } catch (error) {
      setOutcome({ tone: 'error', message: errorMessage(error) });
    } finally {
      setAsking(null);
    }
  };

  return (
    <section
      aria-labelledby="administrators"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="administrators" className="text-lg font-bold text-brand-900">
        Administrators
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Removing an administrator takes effect after a notice unless another administrator (not you, not them)
        declines it; such an administrator may also approve it sooner. Their account is closed and they are
        signed out. Keep three administrators if you can.
      </p>
      <QueryState query={admins} label="the administrators">
        {(list) => (
          <ul className="mt-2 divide-y divide-slate-200">
            {list.items.map((admin) => (
              <li key={admin.id} className="py-3" data-testid="administrator">
                <p className="font-semibold break-words text-slate-900">
                  {admin.fullName}{' '}
                  {admin.you && <span className="text-sm font-normal text-slate-600">(you)</span>}
                  {admin.status === 'suspended' && (
                    <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                      Suspended
                    </span>
                  )}
                </p>
                <p className="text-sm break-all text-slate-700">{admin.email}</p>
                <p className="text-sm text-slate-600">
                  Two-factor sign-in:{' '}
                  {admin.twoFactor ? 'on' : 'not set up (their approvals are refused until it is)'}
                </p>
                {admin.removal && <RemovalWaiting admin={admin} />}
                {!admin.you && !admin.removal && asking?.id !== admin.id && (
                  <button
                    type="button"
                    onClick={() => setAsking(admin)}
                    className="mt-2 min-h-11 rounded-md border border-red-700 px-4 font-semibold text-red-800 hover:bg-red-50"
                  >
                    Remove administrator
                  </button>
                )}
                {asking?.id === admin.id && (
                  <div
                    role="group"
                    aria-label={`Remove ${admin.fullName}`}
                    className="mt-2 rounded-md border border-amber-900/30 bg-amber-100 p-3"
                  >
                    <p className="font-semibold text-amber-900">
                      Ask to remove {admin.fullName} ({admin.email}) as administrator? Every administrator is
                      mailed. When it takes effect their account is closed and they are signed out everywhere;
                      it does not become a member account.
                    </p>
                    <div className="mt-2 flex flex-wrap gap-3">
                      <button
                        type="button"
                        onClick={() => void confirm(admin)}
                        disabled={remove.isPending}
                        className="min-h-11 rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
                      >
                        {remove.isPending ? 'Sending...' : 'Confirm: ask to remove'}
                      </button>
                      <button
                        type="button"
                        onClick={() => setAsking(null)}
                        className="min-h-11 rounded-md border border-slate-400 bg-white px-4 font-semibold text-slate-800"
                      >
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
