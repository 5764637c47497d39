import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { closeContactMessage, findContactMessage, recordReply } from './contact-messages';
import { enqueueMail } from '../notifications/mail-queue';

const notFound = () => new HttpError(404, 'There is no such message', 'message_not_found');

/**
 * Keeps the reply, marks the message answered, audits it and queues the mail, in one transaction: the reply is
 * recorded if and only if its mail will be sent (the queue retries; a mail that keeps failing is shown on the
 * admin Mails page).
 */
export async function answerMessage(
  app: FastifyInstance,
  input: { id: number; reply: string; adminId: string },
) {
  const message = await findContactMessage(app.db, input.id);
  if (!message) throw notFound();
  if (message.state === 'closed')
    throw new HttpError(
      409,
      'This message is closed: it cannot be answered from the inbox',
      'message_closed',
    );
  return app.db.transaction(async (tx) => {
    await enqueueMail(tx, message.email, {
      template: 'contact_reply',
      data: {
        name: message.name,
        siteName: app.config.site.name,
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
export async function closeMessage(app: FastifyInstance, input: { id: number; adminId: string }) {
  return app.db.transaction(async (tx) => {
    const closed = await closeContactMessage(tx, input.id, new Date());
    if (!closed) throw notFound();
    await recordAudit(tx, {
      actorAccountId: input.adminId,
      action: 'contact_close',
      details: { contactMessageId: input.id },
    });
  });
}
