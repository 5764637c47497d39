import { z } from 'zod';

/** Naira in an answer: a decimal string such as "50000.00" (money is kobo inside; see money.ts). */
export const nairaString = z.string().describe('naira, as a decimal string such as "50000.00"');

/** Every refused call answers this shape (apps/server/src/plugins/errors.ts). */
export const errorSchema = z.object({ message: z.string(), code: z.string().optional() });

// A refusal of an account call may carry more than its message (the fields a form got wrong), so nothing is cut.
const refusalSchema = z.looseObject({ message: z.string(), code: z.string().optional() });

/** The errors every account call may answer, by status. */
export const errorResponses = {
  400: refusalSchema,
  401: refusalSchema,
  403: refusalSchema,
  409: refusalSchema,
  429: refusalSchema,
};

/** The answer of a call that only says what it did. */
export const messageSchema = z.object({ status: z.number(), message: z.string() });
