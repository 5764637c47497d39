import type { ComponentProps, ReactNode } from 'react';
import { FieldShell, type FieldMessageProps } from './field-shell';

type Props = ComponentProps<'textarea'> & FieldMessageProps & { label: ReactNode };

export function TextAreaField({ label, error, hint, id, className, rows = 5, ...textarea }: Props) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <textarea {...control} rows={rows} {...textarea} />}
    </FieldShell>
  );
}
