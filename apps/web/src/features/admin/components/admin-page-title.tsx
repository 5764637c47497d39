import type { ReactNode } from 'react';

/** The one h1 of an admin page, with an optional lead. */
export function AdminPageTitle({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{children}</h1>
      {lead && <p className="mt-1 max-w-3xl text-slate-700">{lead}</p>}
    </div>
  );
}
