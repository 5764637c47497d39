import { useId, type ComponentProps, type ReactNode } from 'react';
import { describedBy, FieldError, type FieldMessageProps } from './field-shell';
import { useHydrated } from './use-hydrated';

type Props = Omit<ComponentProps<'input'>, 'type'> & FieldMessageProps & { label: ReactNode };

export function CheckboxField({ label, error, id, className, ...input }: Props) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hydrated = useHydrated();
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={fieldId}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          aria-invalid={error?.message ? true : undefined}
          aria-describedby={describedBy(fieldId, { error })}
          disabled={hydrated ? undefined : true}
          {...input}
        />
        <label htmlFor={fieldId} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldError id={fieldId} error={error} />
    </div>
  );
}
