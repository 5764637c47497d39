import { z } from 'zod';
import { PROGRAMMES } from '../plan/types';
import { textField } from './fields';
import { pageQuerySchema } from './auth';
import { nairaString } from './responses';

/** The operator's view (issue 13): what the company owes, its history, the support inbox's acts and the exports. */

const programme = z.enum(PROGRAMMES);
export const liabilitiesQuerySchema = z.object({ programme });

const awardFigures = z.object({
  kind: z.string(),
  label: z.string(),
  pendingCount: z.number(),
  pendingValue: nairaString.describe('non-cash entitlement, valued at the plan'),
  deliveredCount: z.number(),
  deliveredValue: nairaString.describe('non-cash entitlement, valued at the plan'),
});

export const liabilitiesSchema = z.object({
  programme,
  feesReceived: nairaString.describe('registration fees in the ledger, all time'),
  bonusesCredited: nairaString.describe(
    'cash bonuses credited to wallets (before the health fee deduction), all time',
  ),
  retained: nairaString.describe('fees received minus cash bonuses credited'),
  paidOut: nairaString.describe('settled bank transfers and recorded cash payouts, all time'),
  paidByTransfer: nairaString,
  paidByCash: nairaString,
  owedNow: nairaString.describe("the sum of the programme's wallet balances"),
  walletsInCredit: z.number(),
  reservedInPayoutRuns: nairaString.describe(
    'taken from wallets into payout runs not yet settled, and cash-outs set aside while they wait for approval (decision 0040)',
  ),
  healthFeesPayable: nairaString.describe(
    'health organisation fees deducted from stage-2 bonuses, not yet passed on',
  ),
  awards: z.array(awardFigures).describe('non-cash award entitlements by kind'),
  grantsApproved: z
    .object({ count: z.number(), value: nairaString })
    .describe("approved grants; each is credited to the member's wallet on approval"),
  grantsCredited: nairaString.describe('grants credited to wallets through the ledger (grant expense)'),
  goldenCrownDueNext12Months: z
    .object({ count: z.number(), value: nairaString })
    .describe('pending yearly instalments whose due date falls within the next 12 months, or has passed'),
  refundsDue: z
    .object({ count: z.number(), value: nairaString })
    .describe(
      'fees the provider took that placed nothing (a second payment, a payment after closure): owed back to the payers, not income',
    ),
  chargebacks: z
    .object({ count: z.number(), value: nairaString, loss: nairaString })
    .describe(
      "lost card disputes: what Paystack took back out of our balance (value), taken from the fee received or the refund owed; loss is the part beyond both (the customer's card fee, money refunded twice), decision 0057",
    ),
  computedAt: z.string(),
});

export const refundsDueQuerySchema = pageQuerySchema.extend({ programme: programme.optional() });
export const refundsDueSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  items: z.array(
    z.object({
      reference: z.string(),
      accountId: z.string(),
      fullName: z.string(),
      email: z.string(),
      programme,
      amount: nairaString,
      paidAt: z.string().nullable(),
      reason: z.string().nullable().describe('why no position could be placed'),
    }),
  ),
});

export const liabilityHistorySchema = z.object({
  programme,
  months: z.array(
    z.object({ month: z.string(), feesIn: nairaString, bonusesCredited: nairaString, paidOut: nairaString }),
  ),
});

export const ledgerEntryKindSchema = z.enum(['fee', 'bonus', 'paid_out', 'reserved', 'health_fee', 'grant']);
export const ledgerLinesQuerySchema = pageQuerySchema.extend({ programme, kind: ledgerEntryKindSchema });
export const walletBalancesQuerySchema = pageQuerySchema.extend({ programme });
export const ledgerLinesSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  items: z.array(
    z.object({
      entryId: z.number(),
      kind: z.string(),
      memo: z.string(),
      account: z.string(),
      fullName: z.string().nullable(),
      email: z.string().nullable(),
      amount: nairaString,
      createdAt: z.string(),
    }),
  ),
});
export const walletBalancesSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  items: z.array(
    z.object({ fullName: z.string(), email: z.string(), accountStatus: z.string(), balance: nairaString }),
  ),
});

export const contactReplySchema = z.object({
  reply: textField({ multiLine: true })
    .min(1, 'Write the reply')
    .max(5000, 'Keep the reply under 5,000 characters'),
});

/** GET /admin/messages: the support inbox, optionally by state. */
export const contactMessageListQuerySchema = pageQuerySchema.extend({
  state: z.enum(['open', 'answered', 'closed']).optional(),
});

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date as YYYY-MM-DD');
/** A period of Lagos days, both included; no programme (or '') means both. */
export const exportPeriodSchema = z
  .object({ programme: z.union([programme, z.literal('')]).optional(), from: isoDay, to: isoDay })
  .refine((p) => p.from <= p.to, { message: 'The period must end on or after its first day', path: ['to'] });
export const memberExportQuerySchema = z.object({ programme });

/** An empty field of the filter form means no filter. */
const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep a filter under ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));
const auditFilterFields = {
  action: optionalFilter(60).describe('the exact action, e.g. admin_sign_in'),
  actor: optionalFilter(200).describe("part of the acting administrator's email or name"),
  member: optionalFilter(200).describe("the member's account id, or part of their email or name"),
  from: isoDay.optional().or(z.literal('').transform(() => undefined)),
  to: isoDay.optional().or(z.literal('').transform(() => undefined)),
};
const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const periodInOrder = [
  inOrder,
  { message: 'The period must end on or after its first day', path: ['to'] },
] as [typeof inOrder, { message: string; path: string[] }];
/** The audit log's filters (the admin screen's form): each one narrows the list; dates are Lagos days, both included. */
export const auditLogFilterSchema = z.object(auditFilterFields).refine(...periodInOrder);
export const auditLogQuerySchema = pageQuerySchema.extend(auditFilterFields).refine(...periodInOrder);

export type Liabilities = z.infer<typeof liabilitiesSchema>;
export type LiabilityHistory = z.infer<typeof liabilityHistorySchema>;
export type LedgerEntryKind = z.infer<typeof ledgerEntryKindSchema>;
export type LedgerLines = z.infer<typeof ledgerLinesSchema>;
export type WalletBalances = z.infer<typeof walletBalancesSchema>;
export type ContactReply = z.infer<typeof contactReplySchema>;
export type RefundsDue = z.infer<typeof refundsDueSchema>;
export type AuditLogFilter = Partial<z.output<typeof auditLogFilterSchema>>;
