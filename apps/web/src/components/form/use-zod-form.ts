import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

type FormSchema = z.ZodType<unknown, FieldValues>;

/**
 * A schema the form loads when it first checks a value (a blur or a send), not with the page: zod and the contracts
 * weigh more than a one-field form on a page whose first job is to show figures (the matrix search, decision 0037).
 */
export type SchemaOnDemand<S extends FormSchema> = () => Promise<S>;

function resolverOnDemand<S extends FormSchema>(
  load: SchemaOnDemand<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolver: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    resolver ??= load().then((schema) => zodResolver(schema) as Resolver<z.input<S>, unknown, z.output<S>>);
    return (await resolver)(values, context, options);
  };
}

/**
 * The one way a form is built: react-hook-form checked by a shared zod schema from `@coop/core/contracts`,
 * so the browser shows exactly the messages the server would answer. Fields are checked when left, then
 * on every change once shown wrong; the submit handler receives the schema's parsed output.
 */
export function useZodForm<S extends FormSchema>(
  schema: S | SchemaOnDemand<S>,
  defaultValues?: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: typeof schema === 'function' ? resolverOnDemand(schema) : zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
}
