import { z } from 'zod';
import { periodField } from './period';

const programme = z.enum(['main', 'welcomeback'], { message: 'Choose the programme: main or welcomeback' });
const status = z.enum(['reserved', 'processing', 'success', 'failed', 'reversed']);

export const errorSchema = z.object({ message: z.string(), code: z.string().optional() });

export const previewQuery = z.object({ programme, period: periodField });
export const runBody = z.strictObject({
  programme,
  period: periodField,
  mode: z.enum(['transfer', 'csv']).optional(),
});
export const runParams = z.object({ id: z.coerce.number().int().positive() });
export const confirmBody = z.strictObject({
  failedPayoutIds: z.array(z.number().int().positive()).max(10_000).default([]),
});

const person = {
  accountId: z.string(),
  fullName: z.string(),
  email: z.string(),
  bankName: z.string().nullable(),
  accountNumberLast4: z.string().nullable(),
};

export const runSummarySchema = z.object({
  id: z.number(),
  programme,
  period: z.string(),
  mode: z.enum(['transfer', 'csv']),
  status: z.enum(['running', 'completed']),
  createdBy: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  payoutCount: z.number(),
  total: z.string().describe('naira reserved for the run'),
  paid: z.string().describe('naira settled as paid'),
  counts: z.record(status, z.number()),
});

export const previewSchema = z.object({
  programme,
  period: z.string(),
  minimum: z.string(),
  mode: z.enum(['transfer', 'csv']).describe('what a run would do by default'),
  existingRun: runSummarySchema.nullable(),
  payees: z.array(z.object({ ...person, amount: z.string() })),
  skipped: z.array(z.object({ ...person, balance: z.string(), reason: z.string(), reasonText: z.string() })),
  totals: z.object({
    payees: z.number(),
    amount: z.string(),
    skipped: z.number(),
    skippedAmount: z.string(),
  }),
});

export const runProgressSchema = z.object({
  run: runSummarySchema,
  reserved: z.number(),
  skipped: z.record(z.string(), z.number()),
});

export const runDetailSchema = runSummarySchema.extend({
  payouts: z.array(
    z.object({
      id: z.number(),
      accountId: z.string(),
      fullName: z.string(),
      email: z.string(),
      amount: z.string(),
      status,
      reference: z.string(),
      bankName: z.string(),
      accountNumberLast4: z.string(),
      failureReason: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
});
