import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { listAwards } from './award-store';
import { deliverAward } from './deliver-award';
import {
  adminAwardSchema,
  awardListSchema,
  errorSchema,
  awardListQuery,
  idParams,
} from '@coop/core/contracts';

/** Non-cash awards for administrators: the list of entitlements, and marking one delivered (audited, once). */
export const adminAwardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/awards',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Non-cash award entitlements with their members; pending ones oldest first',
        querystring: awardListQuery,
        response: { 200: awardListSchema },
      },
    },
    async (request) => {
      const { status, programme, page, pageSize } = request.query;
      return {
        page,
        pageSize,
        ...(await listAwards(app.db, { status, programme, limit: pageSize, offset: (page - 1) * pageSize })),
      };
    },
  );

  app.put(
    '/admin/awards/:id/delivered',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Mark a non-cash award as handed over to the member (once; recorded in the audit log)',
        params: idParams,
        response: { 200: adminAwardSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => deliverAward(app.db, signedIn(request).id, request.params.id),
  );
};
