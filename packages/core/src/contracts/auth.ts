import { z } from 'zod';
import {
  emailField,
  exactTextField,
  newPasswordField,
  optionalEmailText,
  phoneField,
  programmeField,
  referralCodeField,
  requiredText,
  withConfirmation,
} from './fields';
import { adminNameSchema, messageSchema } from './responses';
import { PROGRAMMES, type Programme } from '../plan/types';

export const loginEmail = emailField({
  required: 'Email address is required',
  invalid: 'Invalid email address',
});

/** POST /auth/login, /auth/loginwelc, /admin/adminLogin */
export const loginSchema = z.strictObject({
  email: loginEmail,
  password: exactTextField('Password is required')
    .min(1, 'Password is required')
    .max(200, 'Password is required'),
});
export type LoginInput = z.input<typeof loginSchema>;

const confirmPasswordField = exactTextField('Confirm your password').min(1, 'Confirm your password');

/** POST /auth/signup (Main) and /auth/welcome (Welcome Back): the spec's fields plus acceptTerms. */
export const signupSchema = withConfirmation({
  fullName: requiredText('Enter your Full Names', 120),
  email: emailField({ required: 'Enter an email address', invalid: 'Provide a valid email address' }),
  phone: phoneField,
  address: requiredText('Enter a valid address', 300),
  password: newPasswordField,
  confirmPassword: confirmPasswordField,
  referralCode: referralCodeField,
  acceptTerms: z.literal(true, { message: 'You must accept the terms and conditions' }),
  /** The plan version whose terms the form showed (decision 0060); without it, the version in force. */
  termsVersion: z.number().int().min(1).optional(),
});
export type SignupInput = z.input<typeof signupSchema>;

/** POST /auth/reset and /auth/welcomereset */
export const forgotPasswordSchema = z.strictObject({
  email: emailField({ required: 'Enter an email address', invalid: 'Provide a valid email address' }),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** POST /auth/resetpassword and /auth/welcresetpassword: the token from the mailed link is required. */
export const resetPasswordSchema = withConfirmation({
  token: exactTextField('This reset link is not valid. Ask for a new one.')
    .min(16, 'This reset link is not valid. Ask for a new one.')
    .max(200),
  email: emailField({
    required: 'Enter an email address',
    invalid: 'Provide a valid email address',
  }).optional(),
  password: newPasswordField,
  confirmPassword: confirmPasswordField,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Inside the member area: the signed-in account only; the current password is required. */
export const updatePasswordSchema = withConfirmation({
  email: optionalEmailText,
  currentPassword: exactTextField('Enter your current password')
    .min(1, 'Enter your current password')
    .max(200),
  password: newPasswordField,
  confirmPassword: confirmPasswordField,
});
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

/** POST /auth/confirm-email */
export const confirmEmailSchema = z.strictObject({
  token: exactTextField('This confirmation link is not valid.')
    .min(16, 'This confirmation link is not valid.')
    .max(200),
});
/** The address confirmed: the programme tells the page where to sign in. */
export const emailConfirmedSchema = messageSchema.extend({ programme: z.enum(PROGRAMMES) });
export type EmailConfirmed = z.infer<typeof emailConfirmedSchema>;

/** POST /auth/confirm-email-change: the link mailed to a corrected email's new address. */
export const confirmEmailChangeSchema = z.strictObject({
  token: exactTextField('This link is not valid. Ask us to correct your email again.')
    .min(16, 'This link is not valid. Ask us to correct your email again.')
    .max(200),
});

/** POST /auth/resend-confirmation */
export const resendConfirmationSchema = z.strictObject({
  email: emailField({ required: 'Enter an email address', invalid: 'Provide a valid email address' }),
  programme: programmeField,
});

/** POST /auth/refresh and /auth/logout: which programme's refresh cookie the call is about. */
export const sessionProgrammeSchema = z.strictObject({
  programme: programmeField,
});

/** DELETE /admin/adminRoles/:email: the administrator to remove. */
export const makeAdminParamsSchema = z.strictObject({
  email: emailField({
    required: 'Enter the email of the administrator',
    invalid: 'Enter a valid email address',
  }),
});

/** POST /admin/administrators/invitations: an administrator invites another (approved first while another exists). */
export const adminInvitationSchema = z.strictObject({
  fullName: requiredText('Enter the full names of the person you invite', 120),
  email: emailField({
    required: 'Enter the email of the person you invite',
    invalid: 'Enter a valid email address',
  }),
});
export type AdminInvitationInput = z.input<typeof adminInvitationSchema>;

/** POST /auth/admin-invitation/accept: the invited person chooses a password through the mailed link. */
export const acceptAdminInvitationSchema = withConfirmation({
  token: exactTextField('This invitation link is not valid.')
    .min(16, 'This invitation link is not valid.')
    .max(200),
  password: newPasswordField,
  confirmPassword: confirmPasswordField,
});
export type AcceptAdminInvitationInput = z.input<typeof acceptAdminInvitationSchema>;

/** GET /admin/administrators/invitation: whether an invitation goes at once, those mailed, and those waiting for approval. */
export const adminInvitationStatusSchema = z.object({
  sole: z
    .boolean()
    .describe('no other administrator exists, whatever its status: your invitation is mailed at once'),
  approvalsApply: z.boolean().describe('acts that move money or power wait for a second administrator'),
  invitations: z
    .array(
      z.object({ fullName: z.string(), email: z.string(), createdAt: z.string(), expiresAt: z.string() }),
    )
    .describe('links mailed and not used yet'),
  waiting: z
    .array(
      z.object({
        approvalId: z.number(),
        fullName: z.string(),
        email: z.string(),
        askedBy: adminNameSchema,
        createdAt: z.string(),
      }),
    )
    .describe('invitations waiting for a second administrator: mailed once approved'),
});
export type AdminInvitationStatus = z.infer<typeof adminInvitationStatusSchema>;

/** Admin lists: ?page=&pageSize= (1-based, at most 100 rows a page). */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .default(1),
  pageSize: z.coerce
    .number({ message: 'pageSize must be a whole number from 1 to 100' })
    .int('pageSize must be a whole number from 1 to 100')
    .min(1, 'pageSize must be a whole number from 1 to 100')
    .max(100, 'pageSize must be a whole number from 1 to 100')
    .default(20),
});

export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  referralCode: string;
  programme: Programme;
  roles: 'user' | 'admin';
}

/** The answer of every login call (spec 3.2: status, token, message, user). */
export interface LoginResponse {
  status: number;
  token: string;
  /** Seconds until the access token expires; the refresh cookie renews it. */
  expiresIn: number;
  message: string;
  user: SessionUser;
}

/** The signed-in user as login and refresh answer it (the OpenAPI page shows it, and nothing else leaks out). */
export const sessionUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  referralCode: z.string(),
  programme: programmeField,
  roles: z.enum(['user', 'admin']),
});

export const sessionSchema = z.object({
  token: z.string().describe('access token: send it as Authorization: Bearer'),
  expiresIn: z.number().describe('seconds until the access token expires'),
  user: sessionUserSchema,
});

export const loginAnswerSchema = sessionSchema.extend({ status: z.number(), message: z.string() });
