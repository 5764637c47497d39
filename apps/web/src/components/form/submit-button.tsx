import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

interface Props {
  children: ReactNode;
  /** True while the request runs: the button is disabled and shows `pendingLabel`. */
  pending: boolean;
  pendingLabel: string;
  className?: string;
}

export function SubmitButton({ children, pending, pendingLabel, className = '' }: Props) {
  // Disabled until the page runs: a disabled default button also stops Enter from sending the form.
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={pending || !hydrated}
      aria-busy={pending || undefined}
      className={`inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:cursor-wait disabled:opacity-80 ${className}`}
    >
      {pending && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
        />
      )}
      {pending ? pendingLabel : children}
    </button>
  );
}
