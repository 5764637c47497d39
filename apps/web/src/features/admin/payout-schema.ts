import { programmeField } from '@coop/core/contracts';
import { z } from 'zod';

/** The payout screen's choice: a programme and a month, with the server's own messages (payouts/period.ts). */
export const payoutChoiceSchema = z.strictObject({
  programme: programmeField,
  period: z.string({ message: 'Choose the month to pay, as YYYY-MM' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose the month to pay, as YYYY-MM'),
});
export type PayoutChoice = z.output<typeof payoutChoiceSchema>;
