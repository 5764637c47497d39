import { z } from 'zod';

export const grantSchema = z.object({
  id: z.number(),
  amount: z.string().describe('naira, as a decimal string'),
  purpose: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const adminGrantSchema = grantSchema.extend({ fullName: z.string(), email: z.string() });

/** PUT /api/admin/grants/:id */
export const grantDecisionSchema = z.strictObject({
  decision: z.enum(['approved', 'declined'], { message: 'Choose approved or declined' }),
  note: z.string().trim().max(1000, 'Use at most 1000 characters').optional(),
});

export const errorSchema = z.object({ message: z.string(), code: z.string().optional() });
