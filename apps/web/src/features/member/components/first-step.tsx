import { formatNaira } from '@coop/core';
import { ButtonLink } from '../../../components/ui/button-link';
import type { MemberArea } from '../member-area';
import { nowBeside, type ReaderPlans } from '../reader-plans';

/**
 * A paid member with nothing earned yet sees what to do first, not a wall of ₦0 figures. The bonus is their own
 * version's (decision 0059), with what members joining now earn beside it where that differs.
 */
export function FirstStep({ area, plans }: { area: MemberArea; plans: ReaderPlans }) {
  const plan = plans.own;
  const now = nowBeside(plans, (p) => p.referralBonusKobo);
  return (
    <section
      aria-labelledby="first-step-heading"
      className="rounded-lg border-2 border-brand-600 bg-brand-50 p-5 shadow-sm"
      data-testid="first-step"
    >
      <h2 id="first-step-heading" className="text-xl font-bold text-brand-900">
        Your first step: share your referral link
      </h2>
      <p className="mt-2 text-slate-800">
        You are in the matrix. Send your link to friends: when one joins with it and pays, you earn a referral
        bonus of {formatNaira(plan.referralBonusKobo)} (for each of your first {plan.referralBonusCap}), and
        their place in your matrix brings you closer to your next stage. Your wallet is empty until then.
      </p>
      {now && (
        <p className="mt-2 text-sm text-slate-700" data-testid="new-members-now">
          Members joining now earn {now} under version {plans.now.version}; yours stays as you joined, under
          version {plan.version}.
        </p>
      )}
      <ButtonLink to={area.paths.referral} className="mt-4">
        Share your referral link
      </ButtonLink>
    </section>
  );
}
