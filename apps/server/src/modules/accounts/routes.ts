import { makeAdminParamsSchema } from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { errorResponses, messageSchema } from '../auth/schemas';
import { makeAdministrator } from './make-admin';

/** Administrators' acts on accounts. */
export const accountAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/admin/adminRoles/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Make the Main account with this email an administrator (recorded in the audit log)",
        params: makeAdminParamsSchema,
        response: { 200: messageSchema, 404: errorResponses[400], ...errorResponses },
      },
    },
    async (request) => {
      const { email } = request.params;
      const result = await makeAdministrator(app.db, signedIn(request).id, email);
      return { status: 200, message: result.changed ? `${email} is now an administrator.` : `${email} is already an administrator.` };
    },
  );
};
