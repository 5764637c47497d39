import { PROGRAMMES, programmeName, type Plan } from '@coop/core';
import { termsPath } from '@coop/core/contracts';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentPlans } from '../../../lib/plans-context';
import { useSite } from '../../../lib/site-context';
import { TermsDocument } from '../components/terms-document';

/** Each programme's version in force, and a link to each earlier one (versions are numbered 1, 2, ... per programme). */
function TermsVersions({ plans }: { plans: readonly Plan[] }) {
  return (
    <section
      aria-labelledby="terms-versions"
      className="rounded-lg border border-brand-200 bg-brand-50 p-4"
      data-testid="terms-versions"
    >
      <h2 id="terms-versions" className="font-semibold text-brand-900">
        Versions of these terms
      </h2>
      <ul className="mt-2 space-y-2">
        {plans.map((plan) => (
          <li key={plan.programme} data-terms-in-force={plan.programme} data-plan-version={plan.version}>
            {programmeName(plan.programme)} platform: version {plan.version} is in force for new members.
            {plan.version > 1 && (
              <>
                {' '}
                Members who joined under an earlier version keep its terms:{' '}
                {Array.from({ length: plan.version - 1 }, (_, i) => i + 1).map((version, i) => (
                  <span key={version}>
                    {i > 0 && ', '}
                    <Link
                      to={termsPath(plan.programme, version)}
                      className="font-semibold text-brand-800 underline"
                    >
                      version {version}
                    </Link>
                  </span>
                ))}
                .
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The terms a person accepts when registering now: the versions in force of both programmes (decision 0060). */
export function TermsPage() {
  const site = useSite();
  const current = useCurrentPlans();
  const plans = PROGRAMMES.map((programme) => current[programme]);
  return (
    <>
      <PageHeader
        title="Terms and Conditions"
        lead={`These terms apply to everyone who registers on the platforms of ${site.name}. Please read them before you register.`}
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
        <TermsVersions plans={plans} />
        <TermsDocument plans={plans} support={{ email: site.email }} />
      </div>
    </>
  );
}
