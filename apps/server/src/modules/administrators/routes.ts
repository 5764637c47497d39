import {
  acceptAdminInvitationSchema,
  adminInvitationSchema,
  adminInvitationStatusSchema,
  administratorListSchema,
  approvalPendingAnswerSchema,
  errorResponses,
  makeAdminParamsSchema,
  messageSchema,
  approvalKeyHeaders,
  messageAnswerSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { limits, rateLimited } from '../../plugins/rate-limits';
import { accountForConfirmation } from '../admin-users/account-for-confirmation';
import { needsSecondAdministrator, requestApproval } from '../approvals/request-approval';
import { listAdministrators } from './administrators';
import {
  acceptInvitation,
  invitationAccepted,
  invitationStatus,
  inviteAsSoleAdministrator,
} from './invite-admin';
import { makeAdminApproval, removeAdminApproval } from './role-approvals';

/**
 * Administrators' acts on administrators (decision 0038): an invitation (at once only for the sole administrator) and
 * a removal (a second administrator, or the end of its notice); nobody makes a member account an administrator.
 */
export const administratorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.approvalActs.add(makeAdminApproval);
  app.approvalActs.add(removeAdminApproval);
  app.approvalActs.useInvitationAccepted(invitationAccepted);

  app.get(
    '/admin/administrators',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Every administrator', response: { 200: administratorListSchema } },
    },
    async (request) => ({ items: await listAdministrators(app.db, signedIn(request).id) }),
  );

  app.get(
    '/admin/administrators/invitation',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Whether your invitation goes at once (no other administrator exists), the invitations mailed, and those waiting for approval',
        response: { 200: adminInvitationStatusSchema },
      },
    },
    async (request) => ({
      ...(await invitationStatus(app.db, signedIn(request).id)),
      approvalsApply: await needsSecondAdministrator(app),
    }),
  );

  app.post(
    '/admin/administrators/invitations',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Invite an administrator (audited, mailed): a link to choose a password. An email any account uses is refused. While another administrator exists (any status), a second administrator approves it first (202)',
        body: adminInvitationSchema,
        headers: approvalKeyHeaders,
        response: {
          200: messageAnswerSchema,
          202: approvalPendingAnswerSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const admin = signedIn(request);
      const input = {
        email: request.body.email.trim().toLowerCase(),
        fullName: request.body.fullName.trim(),
      };
      const sent = await inviteAsSoleAdministrator(app.db, admin.id, input);
      if (sent) {
        request.log.info('an administrator invited by the sole administrator');
        return sent;
      }
      return reply
        .status(202)
        .send(
          await requestApproval(app, admin, makeAdminApproval, input, request.headers['idempotency-key']),
        );
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
      return {
        status: 200,
        message: `Welcome: you are now an administrator. Sign in to the admin area with ${email} and your new password, then set up two-factor sign-in: your approvals count only once it is on.`,
      };
    },
  );

  app.delete(
    '/admin/adminRoles/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Ask to remove an administrator (not yourself, never the last): it takes effect after ADMIN_REMOVAL_NOTICE_HOURS unless an administrator other than you and them declines it, or at once when such an administrator approves it (202). Their account is closed and their sessions end',
        params: makeAdminParamsSchema,
        headers: approvalKeyHeaders,
        response: { 202: approvalPendingAnswerSchema, 404: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email } = request.params;
      const admin = signedIn(request);
      const account = await accountForConfirmation(app.db, 'main', email);
      const payload = { accountId: account.id, email: account.email };
      return reply
        .status(202)
        .send(
          await requestApproval(app, admin, removeAdminApproval, payload, request.headers['idempotency-key']),
        );
    },
  );
};
