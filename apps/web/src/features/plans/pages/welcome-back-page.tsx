import { formatNaira, lastStage, stageName } from '@coop/core';
import { useCurrentPlan } from '../../../lib/plans-context';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageHeader } from '../../../components/ui/page-header';
import { StageTable } from '../../../components/plan/stage-table';

export function WelcomeBackPage() {
  const plan = useCurrentPlan('welcomeback');
  const last = stageName(plan, lastStage(plan));
  const steps = [
    'Fill in the registration form, with the referral code of the person who introduced you if you have one, and accept the terms.',
    'Open the link we email you to confirm your address, then log in.',
    `Pay the one-time, non-refundable fee of ${formatNaira(plan.feeKobo)} by card.`,
    'Save your bank details and share your referral code: your bonuses are paid into your bank account every month.',
  ];
  return (
    <>
      <PageHeader
        title="Welcome Back Platform"
        lead={`For students in tertiary institutions, low-income workers, apprentices and everyone with financial goals. One payment of ${formatNaira(plan.feeKobo)} makes you a participant.`}
      >
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/welcomebacksignup">REGISTER NOW</ButtonLink>
          <ButtonLink to="/welcomebacksignin" variant="outline">
            Login
          </ButtonLink>
        </div>
      </PageHeader>
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
        <div>
          <h2 className="text-2xl font-bold text-brand-900">The stage matrix</h2>
          <p className="mt-3 text-slate-800">
            Every participant has a place in one matrix, two places wide under each person. The people you
            introduce, and the people they introduce, fill your matrix level by level. You move through{' '}
            {plan.stages.length} stages, from {stageName(plan, 0)} to {last}, and each completed stage pays
            its bonuses. After finishing {last} you may register again for {formatNaira(plan.feeKobo)} and
            start a new place in the matrix.
          </p>
        </div>
        <div>
          <h2 className="text-2xl font-bold text-brand-900">How to register</h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 pb-12">
        <h2 className="mb-4 text-2xl font-bold text-brand-900">Stages and benefits</h2>
        <p className="mb-4 text-sm text-slate-700" data-plan-version={plan.version}>
          Version {plan.version} of the plan: what a member who joins now is promised. Each member is paid by
          the version they joined under.
        </p>
        <StageTable plan={plan} />
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/welcomebacksignup">REGISTER NOW</ButtonLink>
          <ButtonLink to="/welcomebacksignin" variant="outline">
            Login
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
