import type { ComponentProps, ReactNode } from 'react';
import { FieldShell, type FieldMessageProps } from './field-shell';

type Props = ComponentProps<'select'> &
  FieldMessageProps & {
    label: ReactNode;
    options: readonly { value: string; label: string }[];
    /** The first, empty choice ("Select your bank"); omit when a value is always chosen. */
    placeholder?: string;
  };

export function SelectField({ label, error, hint, id, className, options, placeholder, ...select }: Props) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <select {...control} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
