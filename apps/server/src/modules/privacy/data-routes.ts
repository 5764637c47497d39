import { programmeName } from '@coop/core';
import {
  errorSchema,
  largeExportQuery,
  messageAnswerSchema,
  myDataSchema,
  programmeQuerySchema,
} from '@coop/core/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { memberDataZip } from './data-archive';
import { askLargeExport, exportByToken, historySize, scheduleLargeExports } from './large-export';
import { memberData } from './member-data';
import { enterPlatformRequest } from './request-register';

/** The member's right of access and portability: everything held, as JSON, or as a zip of JSON and CSV files. */
export const memberDataRoutes: FastifyPluginAsyncZod = async (app) => {
  scheduleLargeExports(app);
  const ownAccount = (request: Parameters<typeof signedIn>[0], programme: string | undefined) => {
    const account = signedIn(request);
    if (programme && programme !== account.programme)
      throw new HttpError(
        403,
        `You are signed in to the ${programmeName(account.programme)} platform. Sign in to the other platform to see its data.`,
        'wrong_programme',
      );
    return account;
  };
  const own = async (request: Parameters<typeof signedIn>[0], programme: string | undefined) => {
    const account = ownAccount(request, programme);
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
        querystring: programmeQuerySchema,
        response: { 200: myDataSchema, 403: errorSchema, 404: errorSchema },
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
        summary:
          'The same as a zip of one JSON file and CSV files; a history above MY_DATA_MAILED_ABOVE_ROWS rows is built by the job runner and mailed as a link that expires (202)',
        produces: ['application/zip', 'application/json'],
        querystring: programmeQuerySchema,
        response: { 202: messageAnswerSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const account = ownAccount(request, request.query.programme);
      if ((await historySize(app.db, account.id)) > app.config.dataExport.mailedAboveRows) {
        const { alreadyWaiting } = await app.db.transaction((tx) => askLargeExport(tx, account.id));
        const days = app.config.dataExport.linkDays;
        return reply.status(202).send({
          message: alreadyWaiting
            ? 'Your download is already being prepared. We will mail you a link to it shortly.'
            : `Your history is long, so your download is prepared in the background. We will mail you a link to it within a few minutes; the link works for ${days} days.`,
        });
      }
      const data = await own(request, request.query.programme);
      const archive = await memberDataZip(data);
      await enterPlatformRequest(app.db, {
        accountId: account.id,
        kind: 'portability',
        details: 'My Data download',
        status: 'answered',
        answer: 'Downloaded at once from My Data.',
      });
      const day = data.generatedAt.slice(0, 10);
      return sendZip(reply, `my-data-${data.profile.programme}-${day}.zip`, archive);
    },
  );

  app.get(
    // The token travels in the query, which the request log redacts (plugins/log-safety), never in the path.
    '/data-exports',
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags: ['member'],
        summary: 'A large My Data download through the link mailed to the member, until it expires',
        produces: ['application/zip'],
        querystring: largeExportQuery,
        response: { 404: errorSchema },
      },
    },
    async (request, reply) => {
      const found = await exportByToken(app.db, request.query.token, new Date());
      if (!found)
        throw new HttpError(
          404,
          'This link is not valid or has expired. Ask for your data again from My Data in your account.',
          'export_unknown',
        );
      return sendZip(reply, found.filename, found.archive);
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
