import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The one way a form is built: react-hook-form checked by a shared zod schema from `@coop/core/contracts`,
 * so the browser shows exactly the messages the server would answer. Fields are checked when left, then
 * on every change once shown wrong; the submit handler receives the schema's parsed output.
 */
export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(schema: S, defaultValues?: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
}
