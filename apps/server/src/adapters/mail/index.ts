import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { outboxTransport } from './outbox';
import { smtpTransport } from './smtp';
import type { MailTransport } from './types';

export type { MailTransport, OutgoingMail } from './types';

export function createMailTransport(config: Config, db: Db, log: FastifyBaseLogger): MailTransport {
  if (config.mail.transport === 'smtp' && config.mail.smtpUrl)
    return smtpTransport(config.mail.smtpUrl, config.mail.from);
  return outboxTransport(db, log, { logLinks: !config.isProduction });
}
