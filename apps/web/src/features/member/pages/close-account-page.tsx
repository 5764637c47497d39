import { useState } from 'react';
import { errorMessage, FormMessage } from '../../../components/form';
import { useClosure } from '../api/get-closure';
import { useRequestClosure } from '../api/request-closure';
import { MemberPageTitle } from '../components/member-page-title';
import { QueryState } from '../../../components/display/query-state';
import { formatDate } from '../../../components/display/format';
import { ErasureNotice } from '../components/erasure-notice';

/** Closure as the terms put it: asked here, confirmed from the mail, effective 7 business days later. */
export function CloseAccountPage() {
  const closure = useClosure();
  const request = useRequestClosure();
  const [sure, setSure] = useState(false);
  return (
    <>
      <MemberPageTitle title="Close Account" />
      <QueryState query={closure} label="your account">
        {(status) =>
          status.confirmedAt && status.effectiveAt ? (
            <p className="max-w-lg rounded-lg border border-amber-400 bg-amber-50 p-5 text-amber-950">
              You confirmed the closure on {formatDate(status.confirmedAt)}. Your account closes on{' '}
              {formatDate(status.effectiveAt)}.
            </p>
          ) : (
            <div className="max-w-lg space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <p className="text-slate-800">
                A closed account keeps its place in the matrix but earns nothing more. Registration fees are
                not refundable, and awards cannot be converted to cash. Bonuses already in your wallet are
                still paid on a payout day once your bank details are confirmed with your bank.
              </p>
              <p className="text-slate-800">
                We send a confirmation link to your email. The account closes 7 business days after you
                confirm.
              </p>
              <label className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={sure}
                  onChange={(e) => setSure(e.target.checked)}
                />
                <span>I want to close my account</span>
              </label>
              <button
                type="button"
                disabled={!sure || request.isPending}
                onClick={() => request.mutate()}
                className="min-h-11 w-full rounded-md bg-red-700 px-5 font-semibold text-white hover:bg-red-800 disabled:opacity-50"
              >
                {request.isPending ? 'Sending...' : 'Send the confirmation email'}
              </button>
              <FormMessage tone="success" message={request.data?.message} />
              {request.isError && <FormMessage tone="error" message={errorMessage(request.error)} />}
              {status.requestedAt && !request.data && (
                <p className="text-sm text-slate-600">
                  You asked on {formatDate(status.requestedAt)}; the link in that mail still works until you
                  ask again.
                </p>
              )}
            </div>
          )
        }
      </QueryState>
      <div className="mt-6">
        <ErasureNotice />
      </div>
    </>
  );
}
