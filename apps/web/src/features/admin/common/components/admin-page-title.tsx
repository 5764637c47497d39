import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../../components/ui/document-title';

/** The one h1 of an admin page, with an optional lead; a plain-text title also names the browser tab. */
export function AdminPageTitle({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <div className="mb-6">
      {typeof children === 'string' && <DocumentTitle title={`Admin: ${children}`} />}
      <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{children}</h1>
      {lead && <p className="mt-1 max-w-3xl text-slate-700">{lead}</p>}
    </div>
  );
}
