import { PROGRAMMES, programmeName, type Programme } from '@coop/core';

/** Each programme as a choice (a select's options, a list's filter), named as administrators read it. */
export const programmeOptions: readonly { value: Programme; label: string }[] = PROGRAMMES.map((value) => ({
  value,
  label: programmeName(value),
}));
