import {
  answerPrivacyRequestSchema,
  breachCommissionSchema,
  breachListSchema,
  breachNoticeSchema,
  breachSchema,
  errorSchema,
  newBreachSchema,
  newPrivacyRequestSchema,
  privacyRequestListSchema,
  breachNoticedSchema,
  messageAnswerSchema,
  registerEntryParams,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { listBreaches, notifyBreachMembers, recordBreach, setCommissionTold } from './breach-register';
import { addOperatorRequest, answerRequest, listRequests } from './request-register';

const admin = { access: 'admin' as const };

/** The operator's registers (decision 0030): members' requests with their due dates, and breaches with the 72-hour deadline. */
export const privacyRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/privacy/requests',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'The register of members’ requests, newest first, with the date each answer is due',
        response: { 200: privacyRequestListSchema },
      },
    },
    async () => ({ items: await listRequests(app.db, new Date()) }),
  );

  app.post(
    '/admin/privacy/requests',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Enter a request received by mail, letter or phone (due one calendar month after receipt)',
        body: newPrivacyRequestSchema,
        response: { 200: messageAnswerSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await app.db.transaction((tx) => addOperatorRequest(tx, request.body, signedIn(request).id));
      return { message: 'The request is in the register.' };
    },
  );

  app.put(
    '/admin/privacy/requests/:id',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Record where a request stands and the answer given',
        params: registerEntryParams,
        body: answerPrivacyRequestSchema,
        response: { 200: messageAnswerSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await app.db.transaction((tx) =>
        answerRequest(tx, request.params.id, request.body, signedIn(request).id),
      );
      return { message: 'The register is updated.' };
    },
  );

  app.get(
    '/admin/privacy/breaches',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'The breach register, with the 72-hour deadline to tell the Commission and the time left',
        response: { 200: breachListSchema },
      },
    },
    async () => ({ items: await listBreaches(app.db, new Date()) }),
  );

  app.post(
    '/admin/privacy/breaches',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Record a personal-data breach as soon as it is found',
        body: newBreachSchema,
        response: { 200: breachSchema },
      },
    },
    async (request) =>
      app.db.transaction((tx) => recordBreach(tx, request.body, signedIn(request).id, new Date())),
  );

  app.put(
    '/admin/privacy/breaches/:id',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Record when the Commission was told of a breach',
        params: registerEntryParams,
        body: breachCommissionSchema,
        response: { 200: breachSchema, 404: errorSchema },
      },
    },
    async (request) =>
      app.db.transaction((tx) =>
        setCommissionTold(
          tx,
          request.params.id,
          request.body.commissionToldAt,
          signedIn(request).id,
          new Date(),
        ),
      ),
  );

  app.post(
    '/admin/privacy/breaches/:id/notify',
    {
      config: { ...admin, rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags: ['admin'],
        summary: 'Mail the breach notice to the affected members (through the mail queue, audited)',
        params: registerEntryParams,
        body: breachNoticeSchema,
        response: {
          200: breachNoticedSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const result = await app.db.transaction((tx) =>
        notifyBreachMembers(tx, request.params.id, request.body, {
          actorAccountId: signedIn(request).id,
          dpoEmail: app.config.site.privacy.dpoEmail,
          now: new Date(),
        }),
      );
      const unknown =
        result.unknown.length > 0
          ? ` ${result.unknown.length} address${result.unknown.length === 1 ? '' : 'es'} matched no member: check ${result.unknown.length === 1 ? 'it' : 'them'} below.`
          : '';
      return {
        message: `The notice is on its way to ${result.mailed} member${result.mailed === 1 ? '' : 's'}.${unknown}`,
        breach: result.breach,
        unknown: result.unknown,
      };
    },
  );
};
