import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filter and page: choosing another filter goes back to page 1. A link may open the list on one of
 * the `allowed` filters with ?status= (the dashboard's figures link to the list behind them).
 */
export function useFilteredPages<T extends string>(initial: T, allowed: readonly { value: T }[] = []) {
  const [params] = useSearchParams();
  const linked = allowed.find((f) => f.value === params.get('status'))?.value;
  const [status, setStatus] = useState<T>(linked ?? initial);
  const [page, setPage] = useState(1);
  const chooseStatus = (value: T) => {
    setStatus(value);
    setPage(1);
  };
  return { status, chooseStatus, page, setPage };
}

/** The "Show" buttons above an admin list (pending, delivered, all...), with `useFilteredPages`. */
export function StatusFilter<T extends string>({
  filters,
  value,
  onChange,
}: {
  filters: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label="Show" className="mb-4 flex flex-wrap gap-2">
      {filters.map((f) => (
        <button
          key={f.label}
          type="button"
          aria-pressed={value === f.value}
          onClick={() => onChange(f.value)}
          className={`min-h-11 rounded-full border px-4 font-semibold ${value === f.value ? 'border-brand-800 bg-brand-800 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-brand-50'}`}
        >
          {f.label}
        </button>
      ))}
    </div>
  );
}
