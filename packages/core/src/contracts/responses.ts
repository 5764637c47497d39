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
export type StatusMessage = z.infer<typeof messageSchema>;

/** The answer of a call whose only news is its message (no status field, unlike messageSchema). */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/**
 * A refusal of the spec's original payment and bank-details calls: Main's client reads `message`, Welcome Back's
 * reads `Message`, so both are sent.
 */
export const legacyErrorSchema = z.object({
  message: z.string(),
  Message: z.string().optional(),
  code: z.string().optional(),
});

/** A created or changed row's id. */
export const idAnswerSchema = z.object({ id: z.number() });
export type IdAnswer = z.infer<typeof idAnswerSchema>;

/** A page of an admin list, its rows shaped by the given schema. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ page: z.number(), pageSize: z.number(), total: z.number(), items: z.array(item) });

/**
 * An administrator as a screen names them where maker and checker (or whoever did a thing) appear: the name and the
 * email, so two administrators with one name still read apart (issue 35). The client shows it with one formatter.
 */
export const adminNameSchema = z.object({ fullName: z.string(), email: z.string() });
export type AdminName = z.infer<typeof adminNameSchema>;
