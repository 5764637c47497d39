import { programmeName } from '@coop/core';
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/ui/document-title';
import { useMemberArea } from '../hooks/use-member-area';

/** The one h1 of a member page, with an optional line under it; it also names the page in the browser tab. */
export function MemberPageTitle({ title, lead }: { title: string; lead?: ReactNode }) {
  const area = useMemberArea();
  return (
    <div className="mb-6">
      <DocumentTitle
        title={area.programme === 'main' ? title : `${title} (${programmeName(area.programme)})`}
      />
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
      {lead && <p className="mt-1 text-slate-700">{lead}</p>}
    </div>
  );
}
