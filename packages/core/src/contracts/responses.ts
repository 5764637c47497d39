import { z } from 'zod';

/** Naira in an answer: a decimal string such as "50000.00" (money is kobo inside; see money.ts). */
export const nairaString = z.string().describe('naira, as a decimal string such as "50000.00"');

/** Every refused call answers this shape (apps/server/src/plugins/errors.ts). */
export const errorSchema = z.object({ message: z.string(), code: z.string().optional() });

