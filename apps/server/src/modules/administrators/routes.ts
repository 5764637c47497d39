import { approvalPendingAnswerSchema, errorResponses, makeAdminParamsSchema, messageSchema } from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { askMakeAdminApproval, askRemoveAdminApproval } from '../approvals/ask-approval';
import { needsSecondAdministrator } from '../approvals/request-approval';
import { approvalKeyHeaders } from '../approvals/schemas';
import { findPromotable, makeAdministrator } from './make-admin';
import { removeAdministrator } from './remove-admin';

/** Administrators' acts on accounts: giving and taking the administrator role, each through a second administrator. */
export const accountAdminRoutes: FastifyPluginAsyncZod = async (app) => {
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
      if (needsSecondAdministrator(app)) {
        const pending = await askMakeAdminApproval(app, admin, { email, idempotencyKey: request.headers['idempotency-key'] });
        if (pending) return reply.status(202).send(pending);
      }
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
      if (needsSecondAdministrator(app)) return reply.status(202).send(await askRemoveAdminApproval(app, admin, { email, idempotencyKey: request.headers['idempotency-key'] }));
      const account = await findPromotable(app.db, email);
      await app.db.transaction((tx) => removeAdministrator(tx, { makerId: admin.id, checkerId: admin.id, accountId: account.id }));
      return { status: 200, message: `${email} is no longer an administrator; their sessions have ended.` };
    },
  );
};
