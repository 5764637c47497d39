import { useCallback, useState } from 'react';
import { ResultDialog, type Outcome } from './result-dialog';

/**
 * Shows the popup and runs `then` (usually a navigation) when the person dismisses it.
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
  return {
    show,
    open: state !== null,
    dialog: <ResultDialog outcome={state?.outcome ?? null} onClose={close} />,
  };
}
