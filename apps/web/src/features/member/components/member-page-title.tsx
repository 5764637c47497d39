import type { ReactNode } from 'react';

/** The one h1 of a member page, with an optional line under it. */
export function MemberPageTitle({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
      {lead && <p className="mt-1 text-slate-700">{lead}</p>}
    </div>
  );
}
