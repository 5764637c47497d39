import { useId, type ComponentProps, type ReactNode } from 'react';
import { describedBy, FieldError, FieldHint, inputClass, labelClass, type FieldMessageProps } from './field-shell';

type Props = ComponentProps<'select'> &
  FieldMessageProps & {
    label: ReactNode;
    options: readonly { value: string; label: string }[];
    /** The first, empty choice ("Select your bank"); omit when a value is always chosen. */
    placeholder?: string;
  };

export function SelectField({ label, error, hint, id, className, options, placeholder, ...select }: Props) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
      </label>
      <FieldHint id={fieldId} hint={hint} />
      <select
        id={fieldId}
        className={inputClass}
        aria-invalid={error?.message ? true : undefined}
        aria-describedby={describedBy(fieldId, { error, hint })}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={fieldId} error={error} />
    </div>
  );
}
