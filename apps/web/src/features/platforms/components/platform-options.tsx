import { formatNaira, PROGRAMMES, type Programme } from '@coop/core';
import { useCurrentPlan } from '../../../lib/plans-context';
import { Link } from 'react-router';

const labels: Record<Programme, string> = { main: 'MAIN PLATFORM', welcomeback: 'WELCOME BACK PLATFORM' };

/** The two programmes as large buttons with their fee from the plan; `targets` says where each leads. */
export function PlatformOptions({ targets }: { targets: Record<Programme, string> }) {
  const fees = { main: useCurrentPlan('main').feeKobo, welcomeback: useCurrentPlan('welcomeback').feeKobo };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {PROGRAMMES.map((programme) => (
        <Link
          key={programme}
          to={targets[programme]}
          className="flex min-h-24 flex-col items-center justify-center rounded-xl bg-brand-800 px-5 py-4 text-center text-white shadow hover:bg-brand-900"
        >
          <span className="text-lg font-bold tracking-wide">{labels[programme]}</span>
          <span className="mt-1 text-2xl font-bold text-accent-400">{formatNaira(fees[programme])}</span>
        </Link>
      ))}
    </div>
  );
}
