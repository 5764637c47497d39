import { z } from 'zod';

/** Response shapes of the account calls, declared so the OpenAPI page shows them and nothing else leaks out. */

export const errorSchema = z.looseObject({ message: z.string(), code: z.string().optional() });

export const messageSchema = z.object({ status: z.number(), message: z.string() });

export const sessionUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  referralCode: z.string(),
  programme: z.enum(['main', 'welcomeback']),
  roles: z.enum(['user', 'admin']),
});

export const sessionSchema = z.object({
  token: z.string().describe('access token: send it as Authorization: Bearer'),
  expiresIn: z.number().describe('seconds until the access token expires'),
  user: sessionUserSchema,
});

export const loginAnswerSchema = sessionSchema.extend({ status: z.number(), message: z.string() });

/** The errors every account call may answer, by status. */
export const errorResponses = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };
