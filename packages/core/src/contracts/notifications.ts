import { z } from 'zod';
import { plainPageQuerySchema } from './params';

/**
 * Mail categories a member can turn off. Security mails (bank details changed, password changed, suspension,
 * reinstatement, closure) belong to none of them: they are always sent.
 */
export const mailCategories = ['payments', 'bonuses', 'awards', 'payouts', 'grants'] as const;
export type MailCategory = (typeof mailCategories)[number];

export const mailCategoryLabels: Record<MailCategory | 'security', { label: string; description: string }> = {
  payments: { label: 'Payments', description: 'A receipt for each payment you make.' },
  bonuses: {
    label: 'Bonuses and promotions',
    description: 'Each referral bonus credited and each stage you reach.',
  },
  awards: { label: 'Awards', description: 'When a non-cash award is delivered to you.' },
  payouts: { label: 'Payouts', description: 'Payouts sent, paid or failed, and cash payouts recorded.' },
  grants: { label: 'Grants', description: 'The decision on a grant application.' },
  security: {
    label: 'Security',
    description:
      'Password and bank details changed, account suspended, reinstated or closed. Always sent, so misuse never goes unnoticed.',
  },
};

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The page of the member area the notification is about. */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ unread: z.number(), items: z.array(notificationSchema) });
export const unreadCountSchema = z.object({ unread: z.number() });

/** POST /me/notifications/read: marks the member's notifications up to this one read (the list was opened). */
export const markNotificationsReadSchema = z.strictObject({ upToId: z.number().int().positive() });

export const mailSettingSchema = z.object({
  category: z.enum([...mailCategories, 'security']),
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** Security mails cannot be turned off. */
  locked: z.boolean(),
});
export const mailSettingsSchema = z.object({ settings: z.array(mailSettingSchema) });

/** PUT /me/mail-settings: one category on or off. */
export const updateMailSettingSchema = z.strictObject({
  category: z.enum(mailCategories, { message: 'This kind of mail cannot be turned off.' }),
  enabled: z.boolean(),
});

export const queuedMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  template: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
});
export type QueuedMail = z.infer<typeof queuedMailSchema>;
export const queuedMailListSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  items: z.array(queuedMailSchema),
});

/**
 * GET /admin/mails/backlog: the queue's waiting mails for the dashboard (decision 0046): how many wait to go
 * (queued or being sent), since when the oldest waits and its last error (the mail server's, when it is away), and
 * how many failed for good.
 */
export const mailBacklogSchema = z.object({
  waiting: z.number(),
  failed: z.number(),
  /** When the oldest waiting mail was queued; null when none waits. */
  oldestWaitingSince: z.string().nullable(),
  oldestWaitingSeconds: z.number(),
  lastError: z.string().nullable(),
  /** When the oldest waiting mail is tried next. */
  nextAttemptAt: z.string().nullable(),
});
export type MailBacklog = z.infer<typeof mailBacklogSchema>;

/** GET /admin/mails: the queue by status, the failed first by default. */
export const queuedMailListQuery = z.object({
  status: z
    .enum(['queued', 'sending', 'sent', 'failed'], {
      message: 'status must be queued, sending, sent or failed',
    })
    .default('failed'),
  ...plainPageQuerySchema.shape,
});

/** /mail/unsubscribe: the signed link of a mail (account, category, token). */
export const unsubscribeQuery = z.object({
  a: z.uuid(),
  c: z.enum(mailCategories),
  t: z.string().min(10).max(100),
});
