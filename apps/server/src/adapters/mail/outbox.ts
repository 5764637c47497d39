import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { linksIn, type MailTransport } from './types';

/** Keeps each mail in the database so development and tests can follow its links without a mail server. */
export function outboxTransport(
  db: Db,
  log: FastifyBaseLogger,
  options: { logLinks: boolean },
): MailTransport {
  return {
    kind: 'outbox',
    async send(mail) {
      const links = linksIn(mail);
      await db.insert(mailOutbox).values({
        toAddress: mail.to.toLowerCase(),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links,
      });
      // Outside production the links are the point of the outbox: a developer follows them from the log.
      if (options.logLinks)
        log.info({ mailTo: mail.to, subject: mail.subject, links }, 'mail kept in the outbox');
      else log.info({ subject: mail.subject }, 'mail kept in the outbox');
    },
  };
}

/** The mails kept for an address, newest first (the development mailbox, dev/routes.ts, reads them). */
export function keptMailsTo(db: Db, address: string, limit = 50) {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
