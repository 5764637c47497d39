import { formatNaira, getPlan, lastStage, stageName } from '@coop/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { useSite } from '../../../lib/site-context';

function Term({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-bold text-brand-900">{title}</h2>
      <div className="mt-2 space-y-2">{children}</div>
    </section>
  );
}

/** The rules of the spec's sections 4 and 9 written as terms; every amount comes from the plan. */
export function TermsPage() {
  const site = useSite();
  const company = site.name;
  const main = getPlan('main');
  const wb = getPlan('welcomeback');
  return (
    <>
      <PageHeader
        title="Terms and Conditions"
        lead={`These terms apply to everyone who registers on the platforms of ${company}. Please read them before you register.`}
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 text-slate-800">
        <Term title="1. Who may register">
          <p>
            To register you must accept these terms, pay the registration fee in full, and be a legal person
            who holds a bank account or a payment card in your own name. A person is not a member until the
            fee has been paid in full.
          </p>
          <p>Your account is activated when you open the confirmation link we send to your email address.</p>
        </Term>
        <Term title="2. Fees">
          <p>
            The {main.name} registration fee is {formatNaira(main.feeKobo)}, paid once. The {wb.name} fee is{' '}
            {formatNaira(wb.feeKobo)}; after finishing the {stageName(wb, lastStage(wb))} stage a participant
            may register again by paying {formatNaira(wb.feeKobo)} again.
          </p>
          <p>Registration fees are not refundable.</p>
        </Term>
        <Term title="3. Stages, referrals and bonuses">
          <p>
            The {main.name} has {main.stages.length} stages, from {stageName(main, 0)} (stage 0) to{' '}
            {stageName(main, lastStage(main))} (stage {lastStage(main)}); completing the last makes a member a{' '}
            {main.graduateTitle}. The {wb.name} has {wb.stages.length} stages, from {stageName(wb, 0)} (stage
            0) to {stageName(wb, lastStage(wb))} (stage {lastStage(wb)}).
          </p>
          <p>
            Each member must introduce {main.directReferralsPerStage} new members per stage. The referral
            bonus is {formatNaira(main.referralBonusKobo)} on the {main.name} and{' '}
            {formatNaira(wb.referralBonusKobo)} on the {wb.name}, for {main.referralBonusCap} referred
            persons. Only paid registrants earn bonuses. A graduating bonus is earned automatically on moving
            to a higher stage.
          </p>
          {main.healthFee && (
            <p>
              On reaching stage {main.healthFee.stage} ({stageName(main, main.healthFee.stage)}) of the{' '}
              {main.name}, a health-organisation registration fee of {formatNaira(main.healthFee.amountKobo)}{' '}
              is deducted from the bonuses of that stage.
            </p>
          )}
          {main.grant && (
            <p>
              Members at stage {main.grant.stage} ({stageName(main, main.grant.stage)}) may apply for a grant
              of up to {formatNaira(main.grant.ceilingKobo)}, which the company approves or declines.
            </p>
          )}
        </Term>
        <Term title="4. Awards and payment of bonuses">
          <p>
            Awards (such as laptops, gifts, cars, houses and domestic appliances) are given in kind and cannot
            be converted to cash.
          </p>
          {main.stages
            .flatMap((stage) => stage.awards)
            .filter((award) => award.installments > 1)
            .map((award) => (
              <p key={award.kind}>
                A {main.graduateTitle} receives the {award.label} of {formatNaira(award.valueKobo)} a year for{' '}
                {award.installments} years.
              </p>
            ))}
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
            {site.email}.
          </p>
        </Term>
      </div>
    </>
  );
}
