import { DomainError } from '@coop/core';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit/record-audit';
import { closeContactMessage, findContactMessage, recordReply } from './contact-messages';
import { enqueueMail } from '../notifications/mail-queue';

const notFound = () => new DomainError('message_not_found', 'There is no such message');

/**
 * Keeps the reply, marks the message answered, audits it and queues the mail, in one transaction: the reply is
 * recorded if and only if its mail will be sent (the queue retries; a mail that keeps failing is shown on the
 * admin Mails page).
 */
export async function answerMessage(
  deps: { db: Db; config: Pick<Config, 'site'> },
  input: { id: number; reply: string; adminId: string },
) {
  const message = await findContactMessage(deps.db, input.id);
  if (!message) throw notFound();
  if (message.state === 'closed')
    throw new DomainError('message_closed', 'This message is closed: it cannot be answered from the inbox');
  return deps.db.transaction(async (tx) => {
    await enqueueMail(tx, message.email, {
      template: 'contact_reply',
      data: {
        name: message.name,
        siteName: deps.config.site.name,
        reply: input.reply,
        original: message.message,
      },
    });
    const reply = await recordReply(tx, {
      messageId: message.id,
      body: input.reply,
      adminId: input.adminId,
      at: new Date(),
    });
    await recordAudit(tx, {
      actorAccountId: input.adminId,
      action: 'contact_reply',
      details: { contactMessageId: message.id, replyId: reply.id },
    });
    return reply;
  });
}

/** Closes a message (answered elsewhere, or nothing to answer), audited. */
export async function closeMessage({ db }: { db: Db }, input: { id: number; adminId: string }) {
  return db.transaction(async (tx) => {
    const closed = await closeContactMessage(tx, input.id, new Date());
    if (!closed) throw notFound();
    await recordAudit(tx, {
      actorAccountId: input.adminId,
      action: 'contact_close',
      details: { contactMessageId: input.id },
    });
  });
}
