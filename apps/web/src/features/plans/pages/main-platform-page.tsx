import { formatNaira, lastStage, stageName } from '@coop/core';
import { useCurrentPlan } from '../../../lib/plans-context';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageHeader } from '../../../components/ui/page-header';
import { StageTable } from '../../../components/plan/stage-table';

export function MainPlatformPage() {
  const plan = useCurrentPlan('main');
  return (
    <>
      <PageHeader
        title="Membership (Main) Platform"
        lead={`A one-time, non-refundable registration fee of ${formatNaira(plan.feeKobo)} makes you a member. You move from ${stageName(plan, 0)} to ${stageName(plan, lastStage(plan))} as you and the members you introduce build your matrix.`}
      >
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/mainsignup">REGISTER NOW</ButtonLink>
          <ButtonLink to="/mainsignin" variant="outline">
            Login
          </ButtonLink>
        </div>
      </PageHeader>
      <section className="mx-auto max-w-6xl px-4 py-10">
        <h2 className="text-2xl font-bold text-brand-900">How it works</h2>
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-800">
          <li>
            Register, confirm your email address and pay {formatNaira(plan.feeKobo)}: you start at stage 0,{' '}
            {stageName(plan, 0)}.
          </li>
          <li>
            Introduce {plan.directReferralsPerStage} new members for each stage. Everyone you introduce is
            placed in your matrix, two under each place, filling it level by level.
          </li>
          <li>
            Each completed stage pays its bonuses into your wallet and records its awards; bonuses are paid
            into your bank account every month.
          </li>
          <li>
            Completing {stageName(plan, lastStage(plan))} makes you a {plan.graduateTitle}. Awards are not
            converted to cash.
          </li>
        </ol>
      </section>
      <section className="mx-auto max-w-6xl px-4 pb-12">
        <h2 className="mb-4 text-2xl font-bold text-brand-900">Stages and benefits</h2>
        <p className="mb-4 text-sm text-slate-700" data-plan-version={plan.version}>
          Version {plan.version} of the plan: what a member who joins now is promised. Each member is paid by
          the version they joined under.
        </p>
        <StageTable plan={plan} />
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/mainsignup">REGISTER NOW</ButtonLink>
          <ButtonLink to="/mainsignin" variant="outline">
            Login
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
