import { useEffect, useSyncExternalStore } from 'react';

export interface Toast {
  title: string;
  message: string;
}

// One toast at a time, kept outside React: the form that raises it is often gone a moment later (sign-in moves to
// the dashboard), and the toast must outlive it.
let current: (Toast & { id: number }) | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Long enough to read two lines on a phone; the page has already moved on, so nothing waits for it. */
const SHOWN_MS = 8000;

/** Shows a confirmation that waits for nobody (issue 38): the caller carries on (navigates) at once. */
export function showToast(toast: Toast) {
  current = { ...toast, id: nextId++ };
  emit();
}

function dismiss(id: number) {
  if (current?.id !== id) return;
  current = null;
  emit();
}

/**
 * Taps pass through the toast to the page beneath (only its close button takes one): it covers the bottom of a phone's
 * screen for a few seconds and must hold nothing there.
 * The one place toasts appear, mounted once above the router so a toast survives the navigation that follows it.
 * The live region is always in the page (empty), so screen readers announce what is put into it.
 */
export function Toasts() {
  const toast = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dismiss(toast.id), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {toast && (
        <div
          data-testid="toast"
          className="pointer-events-none flex w-full max-w-sm items-start gap-3 rounded-lg border border-brand-600 bg-white p-3 shadow-lg"
        >
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
          >
            ✓
          </span>
          <p className="min-w-0 flex-1 text-sm text-slate-800">
            <strong className="block text-slate-900">{toast.title}</strong>
            {toast.message}
          </p>
          <button
            type="button"
            onClick={() => dismiss(toast.id)}
            className="pointer-events-auto -m-1 min-h-11 min-w-11 shrink-0 rounded text-lg text-slate-600 hover:text-slate-900"
            aria-label="Close the message"
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
