import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

/** The top of a content page: its one h1 and an optional lead paragraph. */
export function PageHeader({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="bg-brand-50">
      <DocumentTitle title={title} />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
        {lead && <p className="mt-3 max-w-3xl text-lg text-slate-700">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
