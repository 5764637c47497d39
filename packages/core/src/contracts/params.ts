import { z } from 'zod';

/** Path, query and header pieces many routes share: one declaration each (decision 0051). */

/** `/:id` of a numbered row. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * ?page=&pageSize= without the worded messages of pageQuerySchema: the lists that were written this way answer
 * zod's own messages today, and keep them.
 */
export const plainPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** A window of the matrix: from a position (the account's own when absent), a few levels down. */
export const matrixWindowQuery = z.object({
  from: z.coerce.number().int().positive().optional(),
  levels: z.coerce.number().int().min(1).max(4).default(3),
});
