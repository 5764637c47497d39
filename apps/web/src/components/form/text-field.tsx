import { useId, type ComponentProps, type ReactNode } from 'react';
import { describedBy, FieldError, FieldHint, inputClass, labelClass, type FieldMessageProps } from './field-shell';

type Props = ComponentProps<'input'> & FieldMessageProps & { label: ReactNode };

/** A labelled input with its error beside it. Spread `form.register('name')` into it. */
export function TextField({ label, error, hint, id, className, ...input }: Props) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
      </label>
      <FieldHint id={fieldId} hint={hint} />
      <input
        id={fieldId}
        className={inputClass}
        aria-invalid={error?.message ? true : undefined}
        aria-describedby={describedBy(fieldId, { error, hint })}
        {...input}
      />
      <FieldError id={fieldId} error={error} />
    </div>
  );
}
