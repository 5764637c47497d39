import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';

/** The frame of every authentication screen: one h1, the form, and the links under it. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="bg-brand-50 px-4 py-10 sm:py-14">
      <DocumentTitle title={title} />
      <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-brand-900">{title}</h1>
        {intro && <div className="mt-2 text-center text-slate-700">{intro}</div>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 space-y-2 text-center text-sm text-slate-700">{footer}</div>}
      </div>
    </div>
  );
}

export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-800 underline">
      {children}
    </Link>
  );
}
