import { programmeName } from '@coop/core';
import { errorSchema } from '@coop/core/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { programmeQuery } from '../member/schemas';
import { memberDataZip } from './data-archive';
import { memberData } from './member-data';

const query = z.object({ programme: programmeQuery.optional() });

/** The member's right of access and portability: everything held, as JSON, or as a zip of JSON and CSV files. */
export const memberDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = async (request: Parameters<typeof signedIn>[0], programme: string | undefined) => {
    const account = signedIn(request);
    if (programme && programme !== account.programme)
      throw new HttpError(
        403,
        `You are signed in to the ${programmeName(account.programme)} platform. Sign in to the other platform to see its data.`,
        'wrong_programme',
      );
    const data = await memberData(app.db, account.id, new Date());
    if (!data) throw new HttpError(404, 'Your account no longer exists.');
    // Each access is kept, as the Act asks a controller to be able to show how it answered.
    await recordAudit(app.db, {
      actorAccountId: account.id,
      action: 'personal_data_accessed',
      targetAccountId: account.id,
    });
    return data;
  };

  app.get(
    '/me/data',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags: ['member'],
        summary:
          'Everything held about the signed-in member (profile, bank details in full, positions, wallet lines, payments, payouts, awards, notifications, sign-up origins, consents)',
        querystring: query,
        response: { 200: z.record(z.string(), z.unknown()), 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => own(request, request.query.programme),
  );

  app.get(
    '/me/data/download',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['member'],
        summary: 'The same as a zip of one JSON file and CSV files',
        produces: ['application/zip'],
        querystring: query,
        response: { 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const data = await own(request, request.query.programme);
      const archive = await memberDataZip(data);
      const day = data.generatedAt.slice(0, 10);
      return sendZip(reply, `my-data-${data.profile.programme}-${day}.zip`, archive);
    },
  );
};

function sendZip(reply: FastifyReply, filename: string, body: Buffer) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
