import { useState } from 'react';
import { errorMessage, FormMessage } from '../../../components/form';
import { useWithdrawGrant } from '../api/withdraw-grant';

/** Takes a pending application back, after a second press: the decision cannot be undone. */
export function WithdrawGrant({ grantId }: { grantId: number }) {
  const withdraw = useWithdrawGrant();
  const [asking, setAsking] = useState(false);
  const button = 'min-h-11 rounded-md px-4 py-2 text-sm font-semibold';
  if (!asking)
    return (
      <button
        type="button"
        onClick={() => setAsking(true)}
        className={`${button} mt-3 border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
      >
        Withdraw this application
      </button>
    );
  return (
    <div
      className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3"
      role="group"
      aria-label="Withdraw the application"
    >
      <p className="text-sm text-slate-800">
        Withdraw this application? An administrator will no longer decide on it; you can apply again
        afterwards.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={withdraw.isPending}
          onClick={() => withdraw.mutate(grantId)}
          className={`${button} bg-red-700 text-white hover:bg-red-800 disabled:opacity-60`}
        >
          {withdraw.isPending ? 'Withdrawing...' : 'Yes, withdraw it'}
        </button>
        <button
          type="button"
          onClick={() => setAsking(false)}
          className={`${button} border border-slate-300 bg-white text-slate-800`}
        >
          Keep it
        </button>
      </div>
      <FormMessage tone="error" message={withdraw.isError ? errorMessage(withdraw.error) : null} />
    </div>
  );
}
