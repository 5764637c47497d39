import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Loading and failure of a page's data, shown in place; renders `children(data)` once loaded. */
export function QueryState<T>({
  query,
  children,
  label,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  label: string;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="py-10 text-center text-slate-600">
        Loading {label}...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
        <p className="font-semibold">We could not load {label}.</p>
        <p className="mt-1">{query.error.message}</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="mt-3 min-h-11 rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800"
        >
          Try again
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
