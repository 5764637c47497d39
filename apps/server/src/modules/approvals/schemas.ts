import { z } from 'zod';

/** An optional Idempotency-Key per submission: a double click asks for one approval, not two. */
export const approvalKeyHeaders = z.object({
  'idempotency-key': z.uuid({ message: 'The Idempotency-Key header must be a UUID' }).optional(),
});
