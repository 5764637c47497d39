import type { PublicPageData, PublishedIncomeDisclosures } from '@coop/core/contracts';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { IncomeDisclosureStatement } from '../../../components/display/income-disclosure-statement';
import { PageHeader } from '../../../components/ui/page-header';
import { apiFetch } from '../../../lib/api-client';

/** On the server the renderer hands the database's reader in (entry-server.tsx); in the browser the API answers. */
export async function incomeDisclosureLoader({ context }: LoaderFunctionArgs) {
  const server = context as { data?: PublicPageData; reads?: { used: boolean } } | undefined;
  if (server?.data?.incomeDisclosures && server.reads) {
    server.reads.used = true;
    return server.data.incomeDisclosures();
  }
  return apiFetch<PublishedIncomeDisclosures>('/income-disclosures', { token: null });
}

/** The income disclosure statements the company published: what members really received, nothing left out. */
export function IncomeDisclosurePage() {
  const { statements } = useLoaderData<PublishedIncomeDisclosures>();
  return (
    <>
      <PageHeader
        title="Income disclosure"
        lead="What members who paid in a year really received in it, from our books: how many received nothing, how many got back less than their fee, and how many more."
      />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 text-slate-800">
        {statements.length === 0 ? (
          <p>No statement has been published yet.</p>
        ) : (
          statements.map((s) => <IncomeDisclosureStatement key={`${s.programme}-${s.year}`} statement={s} />)
        )}
      </div>
    </>
  );
}
