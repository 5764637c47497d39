import { payoutModeSchema, programmeField } from '@coop/core/contracts';
import { z } from 'zod';

/** The payout screen's choice: a programme, a month and how to pay, with the server's own messages (payouts/period.ts). */
export const payoutChoiceSchema = z.strictObject({
  programme: programmeField,
  mode: payoutModeSchema,
  period: z
    .string({ message: 'Choose the month to pay, as YYYY-MM' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose the month to pay, as YYYY-MM'),
});
export type PayoutChoice = z.output<typeof payoutChoiceSchema>;
