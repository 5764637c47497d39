import type { ComponentProps, ReactNode } from 'react';
import { FieldShell, type FieldMessageProps } from './field-shell';

type Props = ComponentProps<'input'> & FieldMessageProps & { label: ReactNode };

/** A labelled input with its error beside it. Spread `form.register('name')` into it. */
export function TextField({ label, error, hint, id, className, ...input }: Props) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input {...control} {...input} />}
    </FieldShell>
  );
}
