import { useId, type ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

export interface FieldMessageProps {
  /** The field's error from react-hook-form (or any `{ message }`). */
  error?: { message?: string };
  /** A short help text shown under the label. */
  hint?: ReactNode;
}

/** Ids that tie an input to its hint and error, so a screen reader reads them with the field. */
export function describedBy(id: string, { error, hint }: FieldMessageProps) {
  const ids = [hint ? `${id}-hint` : '', error?.message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
      {hint}
    </p>
  ) : null;
}

/** The error beside its field; `role="alert"` only announces it, the message stays until fixed. */
export function FieldError({ id, error }: { id: string; error?: { message?: string } }) {
  return error?.message ? (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
      {error.message}
    </p>
  ) : null;
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 aria-[invalid=true]:border-red-700 disabled:bg-slate-100';
export const labelClass = 'block text-sm font-semibold text-slate-800';

/** What a labelled control receives from its shell: its id, look and the ids of its hint and error. */
export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  /** True while the page is still the server's HTML (see useHydrated). */
  disabled: true | undefined;
}

/**
 * The frame every labelled field shares: the label, the hint under it, the control, and the error beside it.
 * `children` draws the control (input, select, textarea) with the props it is handed.
 */
export function FieldShell({
  label,
  error,
  hint,
  id,
  className,
  children,
}: FieldMessageProps & {
  label: ReactNode;
  id?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hydrated = useHydrated();
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
      </label>
      <FieldHint id={fieldId} hint={hint} />
      {children({
        id: fieldId,
        className: inputClass,
        'aria-invalid': error?.message ? true : undefined,
        'aria-describedby': describedBy(fieldId, { error, hint }),
        disabled: hydrated ? undefined : true,
      })}
      <FieldError id={fieldId} error={error} />
    </div>
  );
}
