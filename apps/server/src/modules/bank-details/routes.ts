import { programmeName } from '@coop/core';
import {
  bankDetailsSchema,
  bankDetailsSavedSchema,
  bankListSchema,
  legacyErrorSchema,
  myBankDetailsSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankDetailsForRecord } from './member-record-part';
import { signedIn } from '../../plugins/auth';
import { httpErrorOf } from '../../plugins/errors';
import { rateLimited } from '../../plugins/rate-limits';
import { createBankDirectory } from './bank-directory';
import { findBankDetails } from './queries';
import { saveBankDetails, shownBankDetails } from './save-bank-details';

/** The bank list, and the signed-in account's bank details (saved through the spec's two calls). */
export const bankDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.memberRecordParts.bankDetails = bankDetailsForRecord;
  const banks = createBankDirectory(app.payments, app.log);
  // Each save asks the bank (through the provider) whose account a number is: not a look-up service.
  const saveLimit = rateLimited(
    app,
    'bank-details',
    { perAccount: { max: 10, window: 60 * 60_000 } },
    (request) => signedIn(request).id,
  );

  app.get(
    '/banks',
    {
      config: { public: true },
      schema: {
        tags: ['bank details'],
        summary:
          'Banks a member can choose, each with its own bank code (the provider’s live list, kept for an hour; 502 when it cannot be loaded)',
        response: {
          200: bankListSchema,
          502: legacyErrorSchema,
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=600');
      return { banks: (await banks.activeBanks()).map(({ name, code }) => ({ name, code })) };
    },
  );

  for (const [path, programme] of [
    ['/auth/register', 'main'],
    ['/auth/bankdetails', 'welcomeback'],
  ] as const) {
    app.post(
      path,
      {
        config: { programme },
        preHandler: saveLimit,
        schema: {
          tags: ['bank details'],
          summary: `Save the signed-in ${programmeName(programme)} account’s bank details; the account name is checked with the bank`,
          body: bankDetailsSchema,
          response: {
            200: bankDetailsSavedSchema,
            400: legacyErrorSchema,
            403: legacyErrorSchema,
            429: legacyErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const account = signedIn(request);
        try {
          const saved = await saveBankDetails(
            { db: app.db, provider: app.payments, banks, log: request.log, fraud: app.config.fraud },
            account,
            request.body,
          );
          return {
            message: saved.message,
            Message: saved.message,
            verified: saved.bankDetails.verified,
            bankDetails: saved.bankDetails,
          };
        } catch (error) {
          // Refusals carry both spellings too, for Welcome Back's client.
          const refusal = httpErrorOf(error);
          if (!refusal) throw error;
          return reply
            .status(refusal.statusCode as 400 | 403)
            .send({ message: refusal.message, Message: refusal.message, code: refusal.code });
        }
      },
    );
  }

  app.get(
    '/me/bank-details',
    {
      schema: {
        tags: ['bank details'],
        summary: 'The signed-in account’s saved bank details (last 4 digits of the number only), or null',
        response: { 200: myBankDetailsSchema },
      },
    },
    async (request) => {
      const row = await findBankDetails(app.db, signedIn(request).id);
      return { bankDetails: row ? shownBankDetails(row) : null };
    },
  );
};
