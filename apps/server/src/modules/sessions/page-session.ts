import type { Programme } from '@coop/core';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PageSession } from '../../plugins/web-client';
import { readPageCookie } from './session-cookies';
import { memberOfPageSession } from './sessions';
import { sessionAnswer } from './session-user';

/** The member whose live session the request's page cookie names; null when there is none (the page's shell is sent). */
export async function pageSessionOf(
  db: Db,
  config: Config,
  request: FastifyRequest,
  programme: Programme,
): Promise<PageSession | null> {
  const sessionId = readPageCookie(request, config, programme);
  if (!sessionId) return null;
  const account = await memberOfPageSession(db, programme, sessionId);
  if (!account) return null;
  const { token, user } = await sessionAnswer(config, account, sessionId);
  return { token, user };
}
