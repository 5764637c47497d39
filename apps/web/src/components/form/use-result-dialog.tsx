import { useCallback, useState } from 'react';
import { showToast } from '../ui/toast';
import { ResultDialog, type Outcome } from './result-dialog';

/**
 * Shows the popup and runs `then` (usually a navigation) when the person dismisses it; `done` confirms a success
 * with a toast and runs `then` at once, so nothing waits for a tap (issue 38).
 * Render `dialog` once in the form's page.
 */
export function useResultDialog() {
  const [state, setState] = useState<{ outcome: Outcome; then?: () => void } | null>(null);
  const show = useCallback((outcome: Outcome, then?: () => void) => setState({ outcome, then }), []);
  const close = () => {
    const then = state?.then;
    setState(null);
    then?.();
  };
  const done = useCallback((success: { title?: string; message: string }, then?: () => void) => {
    showToast({ title: success.title ?? 'Successful!', message: success.message });
    then?.();
  }, []);
  return {
    show,
    done,
    open: state !== null,
    dialog: <ResultDialog outcome={state?.outcome ?? null} onClose={close} />,
  };
}
