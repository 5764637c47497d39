/**
 * The two buttons of a confirmation that sends money or changes an account: the act, named, and Cancel. Both wait
 * while the act is being sent, so a second tap sends nothing twice.
 */
export function ConfirmButtons({
  label,
  pendingLabel = 'Sending...',
  pending,
  onConfirm,
  onCancel,
}: {
  label: string;
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-3">
      <button
        type="button"
        onClick={onConfirm}
        disabled={pending}
        className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
      >
        {pending ? pendingLabel : label}
      </button>
      <button
        type="button"
        onClick={onCancel}
        disabled={pending}
        className="min-h-11 rounded-md border border-slate-400 bg-white px-5 font-semibold text-slate-800"
      >
        Cancel
      </button>
    </div>
  );
}
