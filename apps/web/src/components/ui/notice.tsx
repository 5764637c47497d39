import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

/** A short centred message page (registration done, password changed, bank details saved). */
export function Notice({
  title,
  tone = 'success',
  children,
  actions,
}: {
  title: string;
  tone?: 'success' | 'info' | 'error';
  children: ReactNode;
  actions?: ReactNode;
}) {
  const badge = {
    success: ['bg-brand-100 text-brand-800', '✓'],
    info: ['bg-sky-100 text-sky-800', 'i'],
    error: ['bg-red-100 text-red-700', '!'],
  }[tone];
  return (
    <div className="mx-auto max-w-lg px-4 py-14 text-center">
      <DocumentTitle title={title} />
      <div
        aria-hidden="true"
        className={`mx-auto flex size-14 items-center justify-center rounded-full text-2xl font-bold ${badge[0]}`}
      >
        {badge[1]}
      </div>
      <h1 className="mt-4 text-2xl font-bold text-brand-900">{title}</h1>
      <div className="mt-3 space-y-2 text-slate-700">{children}</div>
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
