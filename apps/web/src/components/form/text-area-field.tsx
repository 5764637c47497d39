import { useId, type ComponentProps, type ReactNode } from 'react';
import { describedBy, FieldError, FieldHint, inputClass, labelClass, type FieldMessageProps } from './field-shell';

type Props = ComponentProps<'textarea'> & FieldMessageProps & { label: ReactNode };

export function TextAreaField({ label, error, hint, id, className, rows = 5, ...textarea }: Props) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
      </label>
      <FieldHint id={fieldId} hint={hint} />
      <textarea
        id={fieldId}
        rows={rows}
        className={inputClass}
        aria-invalid={error?.message ? true : undefined}
        aria-describedby={describedBy(fieldId, { error, hint })}
        {...textarea}
      />
      <FieldError id={fieldId} error={error} />
    </div>
  );
}
