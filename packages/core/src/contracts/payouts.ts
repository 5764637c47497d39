import { z } from 'zod';

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
export const payoutModeSchema = z.enum(['transfer', 'csv'], { message: 'Choose transfer or csv (bank file)' });

/** POST /api/admin/payouts/:id/finalize: the one-time code Paystack sent to the business's phone for a transfer. */
export const payoutOtpSchema = z.strictObject({
  otp: z
    .string({ message: 'Enter the code sent to the business phone' })
    .trim()
    .regex(/^\d{4,8}$/, 'Enter the code as it was sent: digits only'),
});
export type PayoutOtp = z.output<typeof payoutOtpSchema>;
