import { z } from 'zod';
import { PROGRAMMES } from '../plan/types';
import { requiredText, textField } from './fields';

/** Where one closed account stands for erasure of its personal data (decision 0029). */
export const erasureItemSchema = z.object({
  accountId: z.string(),
  programme: z.enum(PROGRAMMES),
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
  reason: z
    .string()
    .trim()
    .min(5, 'Say why the data must be kept (at least 5 characters)')
    .max(500)
    .nullable(),
});
export type LegalHoldInput = z.infer<typeof legalHoldSchema>;

/** The member's ask, and how long a closed account's personal data is kept without one (RETENTION_CLOSED_ACCOUNT_YEARS). */
export const erasureRequestSchema = z.object({
  requestedAt: z.string().nullable(),
  retentionYears: z.number().int(),
});
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

/** GET /me/privacy-notice: the version the member accepted, the one in force, and what changed between them. */
export const privacyNoticeStatusSchema = z.object({
  acceptedVersion: z.string().nullable(),
  currentVersion: z.string(),
  changes: z.array(z.object({ version: z.string(), changes: z.array(z.string()) })),
});
export type PrivacyNoticeStatus = z.infer<typeof privacyNoticeStatusSchema>;
export const acceptPrivacyNoticeSchema = z.strictObject({ version: z.string().min(1).max(40) });

/** The rights of sections 34-38 a member's request can be about. */
export const privacyRequestKinds = [
  'access',
  'correction',
  'erasure',
  'objection',
  'restriction',
  'portability',
] as const;
export const privacyRequestStatuses = ['received', 'in_progress', 'answered', 'refused'] as const;
export type PrivacyRequestKind = (typeof privacyRequestKinds)[number];

// The form's local date and time is sent as an ISO instant; a time without an offset is read as UTC.
const when = z.iso.datetime({ offset: true, local: true, message: 'Enter a date and time' });

/** POST /admin/privacy/requests: a request received by mail, letter or phone, entered by the operator. */
export const newPrivacyRequestSchema = z.strictObject({
  kind: z.enum(privacyRequestKinds, { error: 'Choose what the member asks for' }),
  requester: requiredText('Enter who asked (a name and an email or phone)', 200),
  accountEmail: z.string().trim().toLowerCase().max(254).optional(),
  receivedAt: when,
  details: textField({ multiLine: true }).max(2000, 'Please keep it under 2,000 characters'),
});
export type NewPrivacyRequestInput = z.input<typeof newPrivacyRequestSchema>;

/** PUT /admin/privacy/requests/:id: where it stands and what was answered. */
export const answerPrivacyRequestSchema = z.strictObject({
  status: z.enum(privacyRequestStatuses, { error: 'Choose a status' }),
  answer: textField({ multiLine: true }).max(2000, 'Please keep it under 2,000 characters'),
});
export type AnswerPrivacyRequestInput = z.input<typeof answerPrivacyRequestSchema>;

export const privacyRequestSchema = z.object({
  id: z.number(),
  kind: z.enum(privacyRequestKinds),
  source: z.enum(['platform', 'operator']),
  accountId: z.string().nullable(),
  programme: z.enum(PROGRAMMES).nullable(),
  requester: z.string(),
  details: z.string(),
  receivedAt: z.string(),
  dueAt: z.string().describe('one calendar month after receipt (NDPA 2023; decision 0030)'),
  status: z.enum(privacyRequestStatuses),
  answer: z.string(),
  answeredAt: z.string().nullable(),
  overdue: z.boolean(),
});
export const privacyRequestListSchema = z.object({ items: z.array(privacyRequestSchema) });
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;
export type PrivacyRequestList = z.infer<typeof privacyRequestListSchema>;

/** POST /admin/privacy/breaches: what the operator writes down in the first hour. */
export const newBreachSchema = z.strictObject({
  foundAt: when,
  what: requiredText('Say what happened', 2000, { multiLine: true }),
  dataKinds: requiredText('Say which kinds of data were reached', 500),
  membersAffected: z.coerce
    .number({ error: 'Enter a number' })
    .int('Enter a whole number')
    .min(0, 'Enter 0 or more')
    .max(10_000_000),
});
export type NewBreachInput = z.input<typeof newBreachSchema>;

/** PUT /admin/privacy/breaches/:id: when the Commission was told (null: not yet). */
export const breachCommissionSchema = z.strictObject({ commissionToldAt: when.nullable() });

/** POST /admin/privacy/breaches/:id/notify: the affected members by email, and what they should do. */
export const breachNoticeSchema = z.strictObject({
  emails: requiredText('Enter the affected members’ email addresses', 200_000, { multiLine: true }),
  whatWeDid: requiredText('Say what you did about it', 2000, { multiLine: true }),
  whatToDo: requiredText('Say what the members should do', 2000, { multiLine: true }),
});
export type BreachNoticeInput = z.input<typeof breachNoticeSchema>;

export const breachSchema = z.object({
  id: z.number(),
  foundAt: z.string(),
  what: z.string(),
  dataKinds: z.string(),
  membersAffected: z.number(),
  commissionDeadline: z.string().describe('72 hours after it was found (section 40)'),
  timeLeft: z
    .object({ overdue: z.boolean(), hours: z.number(), minutes: z.number() })
    .nullable()
    .describe('null once the Commission was told'),
  commissionToldAt: z.string().nullable(),
  membersToldAt: z.string().nullable(),
  membersMailed: z.number(),
});
export const breachListSchema = z.object({ items: z.array(breachSchema) });
export type Breach = z.infer<typeof breachSchema>;
export type BreachList = z.infer<typeof breachListSchema>;

/** GET /me/data: everything held, by area (the areas are the modules', so the shape is open). */
export const myDataSchema = z.record(z.string(), z.unknown());

/** GET /data-exports?token=: the mailed link of a large My Data download. */
export const largeExportQuery = z.object({ token: z.string().min(20).max(100) });

/** GET /me/details: the member's own details (a new email waits, as pendingEmail, for its confirmation). */
export const ownDetailsSchema = z.object({
  fullName: z.string(),
  phone: z.string(),
  address: z.string(),
  email: z.string(),
  pendingEmail: z.string().nullable(),
});
export type OwnDetails = z.infer<typeof ownDetailsSchema>;

/** PUT /me/details: what changed, and the details now. */
export const ownDetailsChangedSchema = z.object({ message: z.string(), details: ownDetailsSchema });
export type OwnDetailsChanged = z.infer<typeof ownDetailsChangedSchema>;

/** The privacy notice accepted: its version. */
export const privacyNoticeAcceptedSchema = z.object({ message: z.string(), version: z.string() });
export type PrivacyNoticeAccepted = z.infer<typeof privacyNoticeAcceptedSchema>;

/** `/:id` of a register entry (requests, breaches). */
export const registerEntryParams = z.object({
  id: z.coerce.number().int().positive({ message: 'Unknown entry' }),
});

/** A breach with the addresses its notice could not reach. */
export const breachNoticedSchema = z.object({
  message: z.string(),
  breach: breachSchema,
  unknown: z.array(z.string()),
});
export type BreachNoticed = z.infer<typeof breachNoticedSchema>;

/** `/:accountId` of the erasure screen. */
export const erasureAccountParams = z.object({ accountId: z.uuid({ message: 'Unknown member' }) });

/** POST /me/erasure */
export const erasureAskedSchema = z.object({ message: z.string(), requestedAt: z.string() });
export type ErasureAsked = z.infer<typeof erasureAskedSchema>;

/** An optional Idempotency-Key on an erasure: a double click erases once. */
export const erasureKeyHeaders = z.object({ 'idempotency-key': z.uuid().optional() });
