import { useEffect, useId, useRef } from 'react';

export interface Outcome {
  ok: boolean;
  message: string;
  /** Defaults to the product's 'Successful!' or 'Failed'. */
  title?: string;
}

interface Props {
  outcome: Outcome | null;
  /** Called once the person dismisses the popup (OK, Escape). */
  onClose: () => void;
}

/**
 * The product's popup after a form's request: 'Successful!' or 'Failed' with the server's message. A native
 * modal <dialog>: it traps focus, closes on Escape and gives focus back to where it was.
 */
export function ResultDialog({ outcome, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (outcome && !dialog.open) dialog.showModal();
    if (!outcome && dialog.open) dialog.close();
  }, [outcome]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={outcome ? titleId : undefined}
      onClose={onClose}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-lg border-0 p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      {outcome && (
        <div className="p-6 text-center">
          <div
            aria-hidden="true"
            className={`mx-auto flex size-12 items-center justify-center rounded-full text-2xl font-bold ${outcome.ok ? 'bg-brand-100 text-brand-800' : 'bg-red-100 text-red-700'}`}
          >
            {outcome.ok ? '✓' : '!'}
          </div>
          <h2 id={titleId} className="mt-3 text-xl font-bold text-slate-900">
            {outcome.title ?? (outcome.ok ? 'Successful!' : 'Failed')}
          </h2>
          <p className="mt-2 text-slate-700">{outcome.message}</p>
          {/* Not a <form method="dialog">: the popup is rendered inside the form it reports on, and forms do not nest. */}
          <button
            type="button"
            autoFocus
            onClick={() => ref.current?.close()}
            className="mt-5 min-h-11 w-full rounded-md bg-brand-800 px-5 py-2 font-semibold text-white hover:bg-brand-900"
          >
            OK
          </button>
        </div>
      )}
    </dialog>
  );
}
