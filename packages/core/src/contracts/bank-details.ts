import { z } from 'zod';

/** Bank details: the bank list and the saved details (the request, bankDetailsSchema, is in member.ts). */

/** GET /banks */
export const bankListSchema = z.object({ banks: z.array(z.object({ name: z.string(), code: z.string() })) });
export type BankList = z.infer<typeof bankListSchema>;

/** Saved details as shown: the last 4 digits of the number only. */
export const shownBankDetailsSchema = z.object({
  type: z.enum(['savings', 'current']),
  bankCode: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumberLast4: z.string(),
  verified: z.boolean(),
  updatedAt: z.string(),
});
export type SavedBankDetails = z.infer<typeof shownBankDetailsSchema>;

/** POST /auth/register and /auth/bankdetails. Main's client reads `message`, Welcome Back's reads `Message`: both are sent. */
export const bankDetailsSavedSchema = z.object({
  message: z.string(),
  Message: z.string(),
  verified: z.boolean(),
  bankDetails: shownBankDetailsSchema,
});
export type BankDetailsSaved = z.infer<typeof bankDetailsSavedSchema>;

/** GET /me/bank-details */
export const myBankDetailsSchema = z.object({ bankDetails: shownBankDetailsSchema.nullable() });
export type MyBankDetails = z.infer<typeof myBankDetailsSchema>;
