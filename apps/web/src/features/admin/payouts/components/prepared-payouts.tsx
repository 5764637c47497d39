import { programmeName, type Programme } from '@coop/core';
import { formatDateTime, naira } from '../../../../components/display/format';
import { usePreparedPayouts } from '../api/get-prepared-payouts';

/**
 * The months the payout day (PAYOUT_DAY) prepared and that wait for an administrator: each opens its preview,
 * where the run is approved and started. Nothing shows when no month waits.
 */
export function PreparedPayouts({
  onOpen,
}: {
  onOpen: (month: { programme: Programme; period: string }) => void;
}) {
  const prepared = usePreparedPayouts();
  const items = prepared.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="prepared-payouts"
      className="rounded-lg border border-amber-900/30 bg-amber-50 p-4"
      data-testid="prepared-payouts"
    >
      <h2 id="prepared-payouts" className="text-lg font-bold text-amber-900">
        Waiting for approval
      </h2>
      <p className="text-sm text-amber-900">
        The payout day prepared these months. Preview one, check it, then run it.
      </p>
      <ul className="mt-2 divide-y divide-amber-900/20">
        {items.map((m) => (
          <li
            key={`${m.programme}-${m.period}`}
            className="flex flex-wrap items-center justify-between gap-3 py-2"
          >
            <span className="min-w-0 text-slate-900">
              <span className="font-semibold">
                {programmeName(m.programme)} · {m.period}
              </span>{' '}
              <span className="text-sm text-slate-700">
                {m.payees} member{m.payees === 1 ? '' : 's'} · {naira(m.total)} · prepared{' '}
                {formatDateTime(m.preparedAt)}
              </span>
            </span>
            <button
              type="button"
              onClick={() => onOpen(m)}
              className="min-h-11 rounded-md border border-brand-800 bg-white px-4 font-semibold text-brand-900 hover:bg-brand-50"
            >
              Preview it
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
