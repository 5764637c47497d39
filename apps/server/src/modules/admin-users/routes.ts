import { programmeName, type Programme } from '@coop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors';
import { dashboard } from '../member/dashboard';
import { accountForConfirmation } from './account-for-confirmation';
import { accountIdByEmail, listUsers } from './user-list';
import {
  accountForConfirmationQuery,
  accountForConfirmationSchema,
  errorSchema,
  mainUserListSchema,
  welcomeBackUserListSchema,
  adminMainUserAnswerSchema,
  adminWelcomeBackUserAnswerSchema,
  userEmailParams,
  userListQuery,
} from '@coop/core/contracts';

const admin = { access: 'admin' as const };

/** The administrators' user look-ups (spec 2.7 and 7): paged lists with search, and one user's figures by email. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const figuresOf = async (programme: Programme, email: string) => {
    const id = await accountIdByEmail(app.db, programme, email);
    const figures = id ? await dashboard(app.db, id, programme) : null;
    if (!figures)
      throw new HttpError(
        404,
        `No ${programmeName(programme)} user with the email ${email}.`,
        'user_unknown',
      );
    return { ...figures, accountId: id! };
  };

  app.get(
    '/admin/viewMainUser',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Main users, newest first, paged, with search',
        querystring: userListQuery,
        response: { 200: mainUserListSchema },
      },
    },
    async (request) => {
      const { search, page, pageSize } = request.query;
      const { total, administrators, users } = await listUsers(app.db, 'main', {
        search,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { page, pageSize, total, administrators, mainUsers: users };
    },
  );

  app.get(
    '/admin/viewWelcomeBackUser',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Welcome Back users, newest first, paged, with search',
        querystring: userListQuery,
        response: { 200: welcomeBackUserListSchema },
      },
    },
    async (request) => {
      const { search, page, pageSize } = request.query;
      const { total, administrators, users } = await listUsers(app.db, 'welcomeback', {
        search,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { page, pageSize, total, administrators, welcomeBackUsers: users };
    },
  );

  app.get(
    '/admin/toViewUser/:email',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'One Main user’s details and figures',
        params: userEmailParams,
        response: { 200: adminMainUserAnswerSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const figures = await figuresOf('main', request.params.email);
      if (figures.programme !== 'main') throw new HttpError(404, 'No such Main user.');
      return { data: figures };
    },
  );

  app.get(
    '/admin/toWelcomeBackUser/:email',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'One Welcome Back user’s details and figures',
        params: userEmailParams,
        response: { 200: adminWelcomeBackUserAnswerSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const figures = await figuresOf('welcomeback', request.params.email);
      if (figures.programme !== 'welcomeback') throw new HttpError(404, 'No such Welcome Back user.');
      return { data: figures };
    },
  );

  app.get(
    '/admin/accounts/confirm',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Who an act is for (name, programme, wallet balance, role), shown before it is submitted',
        querystring: accountForConfirmationQuery,
        response: { 200: accountForConfirmationSchema, 404: errorSchema },
      },
    },
    async (request) => accountForConfirmation(app.db, request.query.programme, request.query.email),
  );
};
