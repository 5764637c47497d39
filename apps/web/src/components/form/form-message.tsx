interface Props {
  message: string | null | undefined;
  tone?: 'info' | 'error' | 'success';
}

const tones = {
  info: 'border-slate-300 bg-slate-50 text-slate-800',
  error: 'border-red-300 bg-red-50 text-red-800',
  success: 'border-brand-600 bg-brand-50 text-brand-900',
};

/** A message in place under a form (the server's answer), announced to screen readers. */
export function FormMessage({ message, tone = 'info' }: Props) {
  if (!message) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`mt-4 rounded-md border px-3 py-2 text-sm ${tones[tone]}`}
    >
      {message}
    </p>
  );
}
