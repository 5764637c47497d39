import { z } from 'zod';
import { periodField } from './period';

const programme = z.enum(['main', 'welcomeback'], { message: 'Choose the programme: main or welcomeback' });

const mode = z.enum(['transfer', 'csv'], { message: 'Choose transfer or csv (bank file)' });

export const previewQuery = z.object({ programme, period: periodField, mode: mode.default('transfer') });
export const runBody = z.strictObject({
  programme,
  period: periodField,
  mode: mode.optional(),
});
export const runParams = z.object({ id: z.coerce.number().int().positive() });
export const confirmBody = z.strictObject({
  failedPayoutIds: z.array(z.number().int().positive()).max(10_000).default([]),
});
export const releaseBody = z.strictObject({
  reason: z
    .string({ message: 'Say why this payout will not be paid' })
    .trim()
    .min(3, 'Say why this payout will not be paid')
    .max(500, 'Use at most 500 characters'),
});
