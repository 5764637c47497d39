import { z } from 'zod';
import { PROGRAMMES } from '../plan/types';
import { textField } from './fields';

/** Fee payments: the answers of the checkout start and of the status the callback pages ask for. */

/** POST /auth/process-payment and /auth/welcomepaystack: `data` is the checkout address (both spellings of message). */
export const paymentStartedSchema = z.object({
  message: z.string(),
  Message: z.string(),
  data: z.string(),
  reference: z.string(),
  amount: z.string(),
});
export type PaymentStarted = z.infer<typeof paymentStartedSchema>;

export const paymentStatuses = ['pending', 'paid', 'failed', 'abandoned'] as const;

export const paymentReferenceParams = z.object({ reference: textField().min(1).max(100) });

/** GET /payments/:reference */
export const paymentStatusSchema = z.object({
  reference: z.string(),
  programme: z.enum(PROGRAMMES),
  status: z.enum(paymentStatuses),
  paid: z.boolean(),
  amount: z.string(),
  paidAt: z.string().nullable(),
  /** The position's stage once paid. */
  stage: z.number().nullable(),
  /** Its name (Welcome). */
  stageName: z.string().nullable(),
  /** What to tell the person, in the server's words. */
  message: z.string(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
