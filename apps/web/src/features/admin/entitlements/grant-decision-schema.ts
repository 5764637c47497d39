import { z } from 'zod';

/** The note an administrator may add to a grant decision (the server's rule: at most 1000 characters). */
export const grantNoteSchema = z.strictObject({
  note: z.string().trim().max(1000, 'Use at most 1000 characters'),
});
