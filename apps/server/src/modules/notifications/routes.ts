import {
  errorSchema,
  mailBacklogSchema,
  mailSettingsSchema,
  markNotificationsReadSchema,
  notificationListSchema,
  queuedMailListSchema,
  queuedMailSchema,
  unreadCountSchema,
  updateMailSettingSchema,
  idParams,
  queuedMailListQuery,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { listQueuedMails, retryMail } from './mail-admin';
import { mailBacklog } from './mail-backlog';
import { listNotifications, mailSettings, markRead, setMailSetting, unreadCount } from './notification-store';

/** The member's notifications and mail settings, and the mail queue for administrators. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/notifications',
    {
      schema: {
        tags: ['member'],
        summary: 'The signed-in account’s notifications, newest first, with the unread count',
        response: { 200: notificationListSchema },
      },
    },
    async (request) => listNotifications(app.db, signedIn(request).id),
  );

  app.get(
    '/me/notifications/unread',
    {
      schema: {
        tags: ['member'],
        summary: 'How many notifications the signed-in account has not read (the top bar’s bell)',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => ({ unread: await unreadCount(app.db, signedIn(request).id) }),
  );

  app.post(
    '/me/notifications/read',
    {
      schema: {
        tags: ['member'],
        summary: 'Mark the notifications up to one read (the list was opened)',
        body: markNotificationsReadSchema,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => markRead(app.db, signedIn(request).id, request.body.upToId),
  );

  app.get(
    '/me/mail-settings',
    {
      schema: {
        tags: ['member'],
        summary: 'Which kinds of mail the signed-in account receives; security mails are always on',
        response: { 200: mailSettingsSchema },
      },
    },
    async (request) => mailSettings(app.db, signedIn(request).id),
  );

  app.put(
    '/me/mail-settings',
    {
      schema: {
        tags: ['member'],
        summary: 'Turn one kind of mail on or off (security mails cannot be turned off)',
        body: updateMailSettingSchema,
        response: { 200: mailSettingsSchema, 400: errorSchema },
      },
    },
    async (request) =>
      setMailSetting(app.db, signedIn(request).id, request.body.category, request.body.enabled),
  );

  app.get(
    '/admin/mails',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Mails in the queue by status (failed: given up after retries, with the reason), newest first',
        querystring: queuedMailListQuery,
        response: { 200: queuedMailListSchema },
      },
    },
    async (request) =>
      listQueuedMails(app.db, request.query.status, request.query.page, request.query.pageSize),
  );

  app.get(
    '/admin/mails/backlog',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Mails waiting to go (queued or being sent), since when the oldest waits and why, and mails failed for good: the dashboard',
        response: { 200: mailBacklogSchema },
      },
    },
    async () => mailBacklog(app.db),
  );

  app.post(
    '/admin/mails/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Send a failed mail again (recorded in the audit log)',
        params: idParams,
        response: { 200: queuedMailSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => retryMail(app.db, signedIn(request).id, request.params.id),
  );
};
