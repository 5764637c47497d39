import { formatNaira, lastStage, stageName, type Plan } from '@coop/core';
import type { ReactNode } from 'react';
import { StageTable } from '../../../components/plan/stage-table';

function Term({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-bold text-brand-900">{title}</h2>
      <div className="mt-2 space-y-2">{children}</div>
    </section>
  );
}

/**
 * The rules of the spec's sections 4 and 9 written as terms, for the plan versions given: the versions in force
 * (/terms) or one version of one programme (/terms/<programme>/v/<n>). Every figure comes from those versions'
 * data, never from code (decision 0060), so a member's terms stay what their version promised.
 */
export function TermsDocument({ plans, support }: { plans: readonly Plan[]; support: { email: string } }) {
  const shape = plans[0]!;
  return (
    <div className="space-y-8 text-slate-800">
      <Term title="1. Who may register">
        <p>
          To register you must accept these terms, pay the registration fee in full, and be a legal person who
          holds a bank account or a payment card in your own name. A person is not a member until the fee has
          been paid in full.
        </p>
        <p>Your account is activated when you open the confirmation link we send to your email address.</p>
      </Term>
      <Term title="2. Fees">
        {plans.map((plan) => (
          <p key={plan.programme} data-terms-fee={plan.programme}>
            The {plan.name} registration fee is {formatNaira(plan.feeKobo)}, paid once
            {plan.rejoinAfterFinish
              ? `; after finishing the ${stageName(plan, lastStage(plan))} stage a participant may register again by paying ${formatNaira(plan.feeKobo)} again.`
              : '.'}
          </p>
        ))}
        <p>Registration fees are not refundable.</p>
      </Term>
      <Term title="3. Stages, referrals and bonuses">
        {plans.map((plan) => (
          <p key={plan.programme}>
            The {plan.name} has {plan.stages.length} stages, from {stageName(plan, 0)} (stage 0) to{' '}
            {stageName(plan, lastStage(plan))} (stage {lastStage(plan)})
            {plan.rejoinAfterFinish ? '.' : `; completing the last makes a member a ${plan.graduateTitle}.`}
          </p>
        ))}
        <p>
          Each member must introduce {shape.directReferralsPerStage} new members per stage. Only paid
          registrants earn bonuses. A graduating bonus is earned automatically on moving to a higher stage.
        </p>
        {plans.map((plan) => (
          <p key={plan.programme} data-terms-referral-bonus={plan.programme}>
            The referral bonus on the {plan.name} is {formatNaira(plan.referralBonusKobo)} for each of the
            first {plan.referralBonusCap} referred persons.
          </p>
        ))}
        {plans.map(
          (plan) =>
            plan.healthFee && (
              <p key={plan.programme}>
                On reaching stage {plan.healthFee.stage} ({stageName(plan, plan.healthFee.stage)}) of the{' '}
                {plan.name}, a health-organisation registration fee of{' '}
                {formatNaira(plan.healthFee.amountKobo)} is deducted from the bonuses of that stage.
              </p>
            ),
        )}
        {plans.map(
          (plan) =>
            plan.grant && (
              <p key={plan.programme}>
                Members of the {plan.name} at stage {plan.grant.stage} ({stageName(plan, plan.grant.stage)})
                may apply for a grant of up to {formatNaira(plan.grant.ceilingKobo)}, which the company
                approves or declines.
              </p>
            ),
        )}
        {plans.map((plan) => (
          <div key={plan.programme} className="pt-2">
            <h3 className="mb-2 font-semibold text-brand-900">What each stage of the {plan.name} pays</h3>
            <StageTable plan={plan} />
          </div>
        ))}
      </Term>
      <Term title="4. Awards and payment of bonuses">
        <p>
          Awards (such as laptops, gifts, cars, houses and domestic appliances) are given in kind and cannot
          be converted to cash.
        </p>
        {plans.flatMap((plan) =>
          plan.stages
            .flatMap((stage) => stage.awards)
            .filter((award) => award.installments > 1)
            .map((award) => (
              <p key={`${plan.programme}-${award.kind}`}>
                A {plan.graduateTitle} of the {plan.name} receives the {award.label} of{' '}
                {formatNaira(award.valueKobo)} a year for {award.installments} years.
              </p>
            )),
        )}
        <p>
          Bonuses are paid monthly, on a set day, into the bank account you have saved and we have verified.
          We keep your bank details safe and never give them to third parties.
        </p>
      </Term>
      <Term title="5. Closing, suspension and complaints">
        <p>
          You may ask to close your account by email. We send you an email to confirm, and the closure takes
          effect within 7 business days of that confirmation.
        </p>
        <p>
          We may suspend or close an account after 12 months or more of inactivity, for a breach of these
          terms, when bank details cannot be verified, for unfair use of the platform, or when the law
          requires it. A suspended or closed account keeps its place in the matrix but earns nothing.
        </p>
        <p>
          We aim to resolve every complaint within 14 days. Write to us through the Contact Us page or at{' '}
          {support.email}.
        </p>
      </Term>
    </div>
  );
}
