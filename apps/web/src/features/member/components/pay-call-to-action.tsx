import { formatNaira } from '@coop/core';
import { useCurrentPlan } from '../../../lib/plans-context';
import { ButtonLink } from '../../../components/ui/button-link';
import type { MemberArea } from '../member-area';

/**
 * An unpaid account sees this instead of zeros: what to do next, and the fee. `again` is Welcome Back's re-entry
 * after Thank You; Main has none (its graduate is a Golden Crown Partner), so the dashboard never asks it of Main.
 */
export function PayCallToAction({ area, again = false }: { area: MemberArea; again?: boolean }) {
  const fee = formatNaira(useCurrentPlan(area.programme).feeKobo);
  return (
    <section
      aria-label="Complete your payment"
      className="rounded-lg border-2 border-accent-400 bg-amber-50 p-5 shadow-sm"
    >
      <h2 className="text-xl font-bold text-brand-900">
        {again ? 'Register again for a new position' : 'Complete your payment'}
      </h2>
      <p className="mt-2 text-slate-800">
        {again
          ? `You have finished Thank You. Pay ${fee} again to take a new position and start earning from Welcome once more.`
          : `You are not yet a ${area.person}. Pay the one-time registration fee of ${fee} to take your place in the matrix and start earning bonuses.`}
      </p>
      <ButtonLink to={area.paths.payment} className="mt-4">
        {again ? 'Register again' : 'Complete your payment'}
      </ButtonLink>
    </section>
  );
}
