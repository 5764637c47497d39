import { useState } from 'react';
import { errorMessage, FormMessage } from '../../../../components/form';
import { useDeliverAward } from '../api/deliver-award';
import type { AdminAward } from '../../common/types';

/** Asks once more, then records the hand-over; the server refuses a second one with the date of the first. */
export function DeliverAwardButton({ award }: { award: AdminAward }) {
  const deliver = useDeliverAward();
  const [confirming, setConfirming] = useState(false);
  const button = 'min-h-11 rounded-md px-4 font-semibold disabled:opacity-70';
  return (
    <div className="mt-3">
      {!confirming ? (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className={`${button} bg-brand-800 text-white hover:bg-brand-900`}
        >
          Mark delivered
        </button>
      ) : (
        <div
          role="group"
          aria-label={`Confirm the ${award.label} was handed to ${award.fullName}`}
          className="flex flex-wrap items-center gap-3"
        >
          <span className="font-semibold text-slate-900">Handed to {award.fullName}?</span>
          <button
            type="button"
            disabled={deliver.isPending}
            onClick={() => deliver.mutate(award.id)}
            className={`${button} bg-brand-800 text-white hover:bg-brand-900`}
          >
            {deliver.isPending ? 'Saving...' : 'Yes, delivered'}
          </button>
          <button
            type="button"
            disabled={deliver.isPending}
            onClick={() => setConfirming(false)}
            className={`${button} border border-slate-400 bg-white text-slate-800`}
          >
            Cancel
          </button>
        </div>
      )}
      {deliver.isError && <FormMessage tone="error" message={errorMessage(deliver.error)} />}
    </div>
  );
}
