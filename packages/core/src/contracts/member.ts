import { z } from 'zod';
import { accountNumberField, emailField, optionalEmailText, requiredText, textField } from './fields';

/** POST /auth/register (Main) and /auth/bankdetails (Welcome Back); the account is the signed-in one. */
export const bankDetailsSchema = z.strictObject({
  /** Shown on the form as in the spec; it must be the signed-in account's own email when sent. */
  email: optionalEmailText,
  type: z.enum(['savings', 'current'], { message: 'Please select the account type' }),
  accountNumber: accountNumberField,
  accountName: requiredText('Please enter your account name', 120),
  /** The bank's code in the provider's bank list (for example "058"); the server keeps the bank's name. */
  bankCode: textField({ message: 'Please select your bank' }).min(1, 'Please select your bank').max(20),
  bankName: textField().max(120).optional(),
});
export type BankDetailsInput = z.input<typeof bankDetailsSchema>;

/** POST /auth/process-payment and /auth/welcomepaystack: the spec prompts for an email; the account pays. */
export const paymentInitSchema = z.strictObject({
  email: optionalEmailText,
});

/** Naira typed by a person ("50000", "50,000.50") to integer kobo; refuses more than two decimals. */
export const nairaAmountField = z
  .union([z.string(), z.number()], { message: 'Enter an amount' })
  .transform((v, ctx) => {
    const text = String(v).replace(/,/g, '').trim();
    if (!/^\d+(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount in naira, such as 5000 or 5000.50' });
      return z.NEVER;
    }
    const [whole, fraction = ''] = text.split('.');
    const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    if (!Number.isSafeInteger(kobo) || kobo <= 0) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount greater than zero' });
      return z.NEVER;
    }
    return kobo;
  });

/** PUT /admin/payOutCash and /admin/payOutCash2: email and amount (naira); gives amountKobo. */
export const cashOutSchema = z.strictObject({
  email: emailField({ required: 'Enter the member email', invalid: 'Enter a valid email address' }),
  amount: nairaAmountField,
});
export type CashOutInput = z.input<typeof cashOutSchema>;
/** Its Idempotency-Key: one per form, so a double click records one cash-out. */
export const cashOutKeyHeaders = z.object({
  'idempotency-key': z.uuid({
    message: 'Send an Idempotency-Key header with a new UUID for each cash-out form',
  }),
});

/** Main stage 5 (Executive) grant application. */
export const grantApplicationSchema = z.strictObject({
  amount: nairaAmountField,
  purpose: requiredText('Tell us what the grant is for', 2000, { multiLine: true }),
});
