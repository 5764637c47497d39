const tones: Record<string, string> = {
  paid: 'bg-brand-100 text-brand-900',
  success: 'bg-brand-100 text-brand-900',
  sent: 'bg-brand-100 text-brand-900',
  queued: 'bg-amber-100 text-amber-900',
  sending: 'bg-sky-100 text-sky-900',
  approved: 'bg-brand-100 text-brand-900',
  completed: 'bg-brand-100 text-brand-900',
  delivered: 'bg-brand-100 text-brand-900',
  pending: 'bg-amber-100 text-amber-900',
  reserved: 'bg-amber-100 text-amber-900',
  due: 'bg-amber-100 text-amber-900',
  needs_attention: 'bg-amber-200 text-amber-950 ring-1 ring-amber-700',
  processing: 'bg-sky-100 text-sky-900',
  otp: 'bg-amber-200 text-amber-950 ring-1 ring-amber-700',
  running: 'bg-sky-100 text-sky-900',
  upcoming: 'bg-sky-100 text-sky-900',
  // A plan version approved to take effect at a later time.
  scheduled: 'bg-sky-100 text-sky-900',
  failed: 'bg-red-100 text-red-800',
  reversed: 'bg-red-100 text-red-800',
  declined: 'bg-red-100 text-red-800',
  released: 'bg-slate-100 text-slate-700',
  withdrawn: 'bg-slate-100 text-slate-700',
  abandoned: 'bg-slate-100 text-slate-700',
  'not paid': 'bg-slate-100 text-slate-700',
  // A bank file (payout batch): with the bank, its record waiting for a second administrator, recorded.
  open: 'bg-sky-100 text-sky-900',
  awaiting_approval: 'bg-amber-100 text-amber-900',
  recorded: 'bg-brand-100 text-brand-900',
};

/** Words people read for a status the API names tersely. */
const labels: Record<string, string> = { otp: 'waiting for code' };

/** A status word as people read it: needs_attention is "needs attention", otp "waiting for code". */
export const statusLabel = (status: string) => labels[status] ?? status.replace(/_/g, ' ');

/** A status word in its colour; the word itself carries the meaning, and data-status keeps the API's word. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${tones[status] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {statusLabel(status)}
    </span>
  );
}
