import { payoutModeSchema } from '@coop/core/contracts';
import { z } from 'zod';
import { periodField } from './period';

const programme = z.enum(['main', 'welcomeback'], { message: 'Choose the programme: main or welcomeback' });

export const previewQuery = z.object({
  programme,
  period: periodField,
  mode: payoutModeSchema.default('transfer'),
});
export const runBody = z.strictObject({
  programme,
  period: periodField,
  mode: payoutModeSchema.optional(),
});
export const runParams = z.object({ id: z.coerce.number().int().positive() });
