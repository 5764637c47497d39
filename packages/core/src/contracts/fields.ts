import { z } from 'zod';
import { PROGRAMMES, type Programme } from '../plan/types';

/** Field rules shared by every form, with the product's messages (spec section 5; DESIGN section 5 for lengths). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * No person types a control character, and PostgreSQL refuses NUL in text and JSON: every text field of a
 * request refuses them, except line breaks and tabs in a field written as paragraphs (a message, a purpose).
 */
// eslint-disable-next-line no-control-regex -- control characters are what these two refuse
const SINGLE_LINE = /^[^\u0000-\u001F\u007F]*$/;
// eslint-disable-next-line no-control-regex -- control characters are what these two refuse
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
export const CONTROL_CHARACTERS_MESSAGE = 'Remove the control characters (such as NUL) from this field';

/** THE string of every request field, body, path or query: trimmed, without control characters. */
export const textField = (options: { message?: string; multiLine?: boolean } = {}) =>
  z
    .string(options.message === undefined ? undefined : { message: options.message })
    .trim()
    .regex(options.multiLine ? MULTI_LINE : SINGLE_LINE, CONTROL_CHARACTERS_MESSAGE);

/** The same check without trimming, for secrets typed exactly (passwords, mailed tokens). */
export const exactTextField = (message?: string) =>
  z.string(message === undefined ? undefined : { message }).regex(SINGLE_LINE, CONTROL_CHARACTERS_MESSAGE);

export const requiredText = (message: string, max = 200, options: { multiLine?: boolean } = {}) =>
  textField({ message, multiLine: options.multiLine })
    .min(1, message)
    .max(max, `Use at most ${max} characters`);

/** An optional email sent beside the signed-in account's own (forms show it as the spec does). */
export const optionalEmailText = textField().toLowerCase().max(254).optional();

export const emailField = (messages: { required: string; invalid: string }) =>
  textField({ message: messages.required })
    .min(1, messages.required)
    .max(254, messages.invalid)
    .pipe(z.email(messages.invalid))
    .transform((v) => v.toLowerCase());

export const newPasswordField = exactTextField(
  `Enter a password with ${PASSWORD_MIN}-${PASSWORD_MAX} characters`,
)
  .min(PASSWORD_MIN, `Enter a password with ${PASSWORD_MIN}-${PASSWORD_MAX} characters`)
  .max(PASSWORD_MAX, `Enter a password with ${PASSWORD_MIN}-${PASSWORD_MAX} characters`);

/** Nigerian numbers: 11 digits starting 07, 08 or 09 then 0 or 1, or the same 10 digits without the 0. */
export const phoneField = textField({ message: 'Enter Phone number' })
  .min(1, 'Enter Phone number')
  .regex(/^\d+$/, 'Phone number is not valid')
  .min(10, 'too short')
  .max(11, 'too long')
  .regex(/^0?[789][01]\d{8}$/, 'Phone number is not valid');

/** Optional: a blank field means no referral code. */
export const referralCodeField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  textField()
    .max(16, 'Referral code is not valid')
    .transform((v) => v.toUpperCase())
    .optional(),
);

/** NUBAN: every Nigerian bank account number has exactly 10 digits. */
export const accountNumberField = textField({ message: 'Please enter your account number' })
  .min(1, 'Please enter your account number')
  .regex(/^\d{10}$/, 'Please enter a valid account number');

export const programmeField = z.enum(PROGRAMMES, { message: 'programme must be main or welcomeback' });
export type { Programme };

/** Confirm-password rule used by every form that sets a password. */
export function withConfirmation<
  T extends z.ZodRawShape & { password: z.ZodTypeAny; confirmPassword: z.ZodTypeAny },
>(shape: T) {
  return z.strictObject(shape).refine(
    (v) => {
      const values = v as { password?: unknown; confirmPassword?: unknown };
      return values.password === values.confirmPassword;
    },
    {
      message: 'Passwords must match',
      path: ['confirmPassword'],
      // Checked as soon as both passwords are typed, even while another field is still wrong (a form shows it at once).
      when: (payload) => {
        const values = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
        return typeof values?.password === 'string' && typeof values.confirmPassword === 'string';
      },
    },
  );
}
