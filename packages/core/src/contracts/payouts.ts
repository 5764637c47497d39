import { z } from 'zod';
import { PROGRAMMES } from '../plan/types';
import { plainPageQuerySchema } from './params';
import { textField } from './fields';

/** POST /api/admin/payouts/:id/release: a payout that will not be paid in its run, and why. */
export const payoutReleaseSchema = z.strictObject({
  reason: z
    .string({ message: 'Say why this payout will not be paid' })
    .trim()
    .min(3, 'Say why this payout will not be paid')
    .max(500, 'Use at most 500 characters'),
});
export type PayoutRelease = z.output<typeof payoutReleaseSchema>;

/** How a run pays: bank transfers through the provider, or a file the administrator pays through the bank. */
export const payoutModeSchema = z.enum(['transfer', 'csv'], {
  message: 'Choose transfer or csv (bank file)',
});

/** POST /api/admin/payouts/:id/finalize: the one-time code Paystack sent to the business's phone for a transfer. */
export const payoutOtpSchema = z.strictObject({
  otp: z
    .string({ message: 'Enter the code sent to the business phone' })
    .trim()
    .regex(/^\d{4,8}$/, 'Enter the code as it was sent: digits only'),
});
export type PayoutOtp = z.output<typeof payoutOtpSchema>;

/** The bank's reason for a payment it did not make, as the administrator read it (bank statement, portal, letter). */
const bankReason = textField({ message: "Write the bank's reason for this payment" })
  .min(3, "Write the bank's reason for this payment")
  .max(300, 'Use at most 300 characters');

/** POST /api/admin/payouts/batches/:id/record: what the bank did with a bank file (every payment paid but those named). */
export const bankFileRecordSchema = z.strictObject({
  failed: z
    .array(z.strictObject({ payoutId: z.number().int().positive(), reason: bankReason }))
    .max(10_000)
    .default([]),
});
export type BankFileRecord = z.input<typeof bankFileRecordSchema>;

/** POST /api/admin/payouts/batches/:id/reversal: payments of a recorded bank file whose record was wrong, and why. */
export const bankFileReversalSchema = z.strictObject({
  payoutIds: z
    .array(z.number().int().positive())
    .min(1, 'Choose the payments whose record was wrong')
    .max(10_000),
  reason: textField({ message: 'Say why the record was wrong' })
    .min(3, 'Say why the record was wrong (at least 3 characters)')
    .max(500, 'Use at most 500 characters'),
});
export type BankFileReversalInput = z.input<typeof bankFileReversalSchema>;

/**
 * The "Record what the bank paid" form: a row per payment of the file, ticked when the bank did not pay it, whose
 * reason is then required. Its output is the request the server checks with bankFileRecordSchema.
 */
export const bankFileRecordFormSchema = z
  .object({
    rows: z.array(
      z.object({ payoutId: z.number().int().positive(), notPaid: z.boolean(), reason: z.string() }),
    ),
  })
  .superRefine(({ rows }, ctx) =>
    rows.forEach((row, i) => {
      if (!row.notPaid) return;
      const checked = bankReason.safeParse(row.reason);
      if (!checked.success)
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i, 'reason'],
          message: checked.error.issues[0]!.message,
        });
    }),
  )
  .transform(({ rows }) => ({
    failed: rows.filter((r) => r.notPaid).map((r) => ({ payoutId: r.payoutId, reason: r.reason.trim() })),
  }));

/** The "Correct this record" form: the payments whose record was wrong, ticked, and why. */
export const bankFileReversalFormSchema = z
  .object({
    rows: z.array(z.object({ payoutId: z.number().int().positive(), chosen: z.boolean() })),
    reason: bankFileReversalSchema.shape.reason,
  })
  .refine(({ rows }) => rows.some((r) => r.chosen), {
    message: 'Choose the payments whose record was wrong',
    path: ['rows'],
  })
  .transform(({ rows, reason }) => ({
    payoutIds: rows.filter((r) => r.chosen).map((r) => r.payoutId),
    reason,
  }));

/** A month as YYYY-MM, the unit a payout run pays. */
export const periodField = z
  .string({ message: 'Choose the month to pay, as YYYY-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose the month to pay, as YYYY-MM');

const payoutProgramme = z.enum(PROGRAMMES, { message: 'Choose the programme: main or welcomeback' });

/** GET /admin/payouts/preview */
export const payoutPreviewQuery = z.object({
  programme: payoutProgramme,
  period: periodField,
  mode: payoutModeSchema.default('transfer'),
});

/** POST /admin/payouts/run */
export const payoutRunBody = z.strictObject({
  programme: payoutProgramme,
  period: periodField,
  mode: payoutModeSchema.optional(),
});
export type PayoutRunInput = z.input<typeof payoutRunBody>;

/** GET /admin/payouts/runs */
export const payoutRunsQuery = z.object({
  programme: z.enum(PROGRAMMES).optional(),
  ...plainPageQuerySchema.shape,
});
