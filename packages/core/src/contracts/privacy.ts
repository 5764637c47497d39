import { z } from 'zod';

/** Where one closed account stands for erasure of its personal data (decision 0029). */
export const erasureItemSchema = z.object({
  accountId: z.string(),
  programme: z.enum(['main', 'welcomeback']),
  fullName: z.string(),
  email: z.string(),
  status: z.enum(['not_closed', 'not_due', 'deferred', 'due', 'erased']),
  closedAt: z.string().nullable(),
  dueBecause: z.enum(['member_asked', 'retention_passed']).nullable(),
  retentionEndsAt: z.string().nullable(),
  erasureRequestedAt: z.string().nullable(),
  legalHoldReason: z.string().nullable(),
  /** What defers it now, in the operator's words. */
  blockers: z.array(z.string()),
});
export const erasureListSchema = z.object({ items: z.array(erasureItemSchema) });
export type ErasureItem = z.infer<typeof erasureItemSchema>;
export type ErasureList = z.infer<typeof erasureListSchema>;

export const legalHoldSchema = z.strictObject({
  reason: z.string().trim().min(5, 'Say why the data must be kept (at least 5 characters)').max(500).nullable(),
});
export type LegalHoldInput = z.infer<typeof legalHoldSchema>;

/** The member's ask, and how long a closed account's personal data is kept without one (RETENTION_CLOSED_ACCOUNT_YEARS). */
export const erasureRequestSchema = z.object({ requestedAt: z.string().nullable(), retentionYears: z.number().int() });
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;
