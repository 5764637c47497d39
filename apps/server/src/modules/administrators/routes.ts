import {
  acceptAdminInvitationSchema,
  adminInvitationSchema,
  adminInvitationStatusSchema,
  administratorListSchema,
  approvalPendingAnswerSchema,
  errorResponses,
  makeAdminParamsSchema,
  messageSchema,
} from '@coop/core/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { limits, rateLimited } from '../../plugins/rate-limits';
import { accountForConfirmation } from '../admin-users/account-for-confirmation';
import { needsSecondAdministrator, requestApproval } from '../approvals/request-approval';
import { approvalKeyHeaders } from '../approvals/schemas';
import { listAdministrators } from './administrators';
import { acceptInvitation, invitationStatus, inviteAdministrator } from './invite-admin';
import { findPromotable, makeAdministrator } from './make-admin';
import { removeAdministrator } from './remove-admin';
import { makeAdminApproval, removeAdminApproval } from './role-approvals';

/** Administrators' acts on accounts: giving and taking the administrator role, each through a second administrator. */
export const administratorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.approvalActs.add(makeAdminApproval);
  app.approvalActs.add(removeAdminApproval);

  app.get(
    '/admin/administrators',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Every administrator', response: { 200: administratorListSchema } } },
    async (request) => ({ items: await listAdministrators(app.db, signedIn(request).id) }),
  );

  app.get(
    '/admin/administrators/invitation',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Whether you may invite a second administrator, and the invitation waiting', response: { 200: adminInvitationStatusSchema } },
    },
    async () => ({ ...(await invitationStatus(app.db)), approvalsApply: await needsSecondAdministrator(app) }),
  );

  app.post(
    '/admin/administrators/invitations',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The sole administrator invites a second one (audited, mailed): an existing Main account is made administrator, anyone else chooses a password through a mailed link',
        body: adminInvitationSchema,
        response: { 200: z.object({ message: z.string(), promoted: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      const done = await inviteAdministrator(app.db, signedIn(request).id, request.body);
      request.log.info({ promoted: done.promoted }, 'a second administrator invited');
      return done;
    },
  );

  app.post(
    '/auth/admin-invitation/accept',
    {
      config: { public: true },
      preHandler: rateLimited(app, 'admin-invitation', limits.mailedToken),
      schema: {
        tags: ['auth'],
        summary: 'The invited person chooses a password through the mailed link and becomes an administrator',
        body: acceptAdminInvitationSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { email } = await acceptInvitation(app.db, request.body, app.config.passwordHashCost);
      return { status: 200, message: `Welcome: you are now an administrator. Sign in to the admin area with ${email} and your new password.` };
    },
  );

  app.put(
    '/admin/adminRoles/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Make the Main account with this email an administrator: a request a second administrator approves (audited)',
        params: makeAdminParamsSchema,
        headers: approvalKeyHeaders,
        response: { 200: messageSchema, 202: approvalPendingAnswerSchema, 404: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email } = request.params;
      const admin = signedIn(request);
      // Someone who is an administrator already needs nobody's approval: the answer says so at once.
      if ((await needsSecondAdministrator(app)) && (await findPromotable(app.db, email)).role !== 'admin')
        return reply.status(202).send(await requestApproval(app, admin, makeAdminApproval, { email }, request.headers['idempotency-key']));
      const result = await makeAdministrator(app.db, admin.id, email);
      return { status: 200, message: result.changed ? `${email} is now an administrator.` : `${email} is already an administrator.` };
    },
  );

  app.delete(
    '/admin/adminRoles/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Remove an administrator's role (not your own, never the last one): a request a second administrator approves; their sessions end",
        params: makeAdminParamsSchema,
        headers: approvalKeyHeaders,
        response: { 200: messageSchema, 202: approvalPendingAnswerSchema, 404: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email } = request.params;
      const admin = signedIn(request);
      if (await needsSecondAdministrator(app)) {
        const account = await accountForConfirmation(app.db, 'main', email);
        const payload = { accountId: account.id, email: account.email };
        return reply.status(202).send(await requestApproval(app, admin, removeAdminApproval, payload, request.headers['idempotency-key']));
      }
      const account = await findPromotable(app.db, email);
      await app.db.transaction((tx) => removeAdministrator(tx, { makerId: admin.id, checkerId: admin.id, accountId: account.id }));
      return { status: 200, message: `${email} is no longer an administrator; their sessions have ended.` };
    },
  );
};
