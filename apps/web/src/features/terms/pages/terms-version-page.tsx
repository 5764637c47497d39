import { PROGRAMMES, programmeName, type Programme } from '@coop/core';
import { termsPath, type PublicPageData, type PublishedPlan } from '@coop/core/contracts';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { formatDate } from '../../../components/display/format';
import { PageHeader } from '../../../components/ui/page-header';
import { apiFetch, ApiError } from '../../../lib/api-client';
import { useCurrentPlan } from '../../../lib/plans-context';
import { useSite } from '../../../lib/site-context';
import { TermsDocument } from '../components/terms-document';

type Loaded = { programme: Programme; version: number; plan: PublishedPlan | null };

/**
 * One published version's terms, at an address that never changes (decision 0060). On the server the renderer hands
 * the database's reader in (entry-server.tsx); in the browser the public API answers.
 */
export async function termsVersionLoader({ params, context }: LoaderFunctionArgs): Promise<Loaded> {
  const programme = (PROGRAMMES as readonly string[]).includes(params.programme ?? '')
    ? (params.programme as Programme)
    : 'main';
  const version = Number(params.version);
  if (!Number.isInteger(version) || version < 1 || programme !== params.programme)
    return { programme, version: Number.isInteger(version) ? version : 0, plan: null };
  const server = context as { data?: PublicPageData; reads?: { used: boolean } } | undefined;
  if (server?.data?.planVersion && server.reads) {
    server.reads.used = true;
    return { programme, version, plan: await server.data.planVersion(programme, version) };
  }
  try {
    const plan = await apiFetch<PublishedPlan>(`/plans/${programme}/versions/${version}`, { token: null });
    return { programme, version, plan };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { programme, version, plan: null };
    throw error;
  }
}

export function TermsVersionPage() {
  const { programme, version, plan } = useLoaderData<Loaded>();
  const site = useSite();
  const current = useCurrentPlan(programme);
  const name = `${programmeName(programme)} platform`;
  if (!plan)
    return (
      <>
        <PageHeader title="Terms and Conditions" lead={`The ${name} has no published version ${version}.`} />
        <div className="mx-auto max-w-3xl px-4 py-10">
          <Link to="/terms" className="font-semibold text-brand-800 underline">
            Read the terms in force
          </Link>
        </div>
      </>
    );
  const inForce = plan.version === current.version;
  return (
    <>
      <PageHeader
        title={`Terms and Conditions: ${name}, version ${plan.version}`}
        lead={`The terms of version ${plan.version} of the ${name} plan, for new members from ${formatDate(plan.effectiveAt)}. Members who joined under it keep these terms.`}
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
        <p
          className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-slate-800"
          data-testid="terms-version"
          data-plan-version={plan.version}
        >
          {inForce ? (
            `Version ${plan.version} is in force: new members of the ${name} accept these terms.`
          ) : (
            <>
              Version {plan.version} is no longer offered to new members; those who joined under it keep it.
              New members now accept{' '}
              <Link
                to={termsPath(programme, current.version)}
                className="font-semibold text-brand-800 underline"
              >
                version {current.version}
              </Link>
              .
            </>
          )}
        </p>
        <TermsDocument plans={[plan]} support={{ email: site.email }} />
      </div>
    </>
  );
}
