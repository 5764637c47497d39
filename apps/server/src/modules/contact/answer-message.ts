import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { closeContactMessage, findContactMessage, recordReply } from './contact-messages';
import { replyMail } from './reply-mail';

const notFound = () => new HttpError(404, 'There is no such message', 'message_not_found');

/**
 * Sends the reply by mail, then keeps it and marks the message answered, audited. The mail goes first: a reply
 * recorded as sent that never left would break the promise silently; a failed send leaves the message open
 * and says so. (The embedded database has one connection, so the mail cannot be written inside the transaction.)
 */
export async function answerMessage(app: FastifyInstance, input: { id: number; reply: string; adminId: string }) {
  const message = await findContactMessage(app.db, input.id);
  if (!message) throw notFound();
  if (message.state === 'closed') throw new HttpError(409, 'This message is closed: it cannot be answered from the inbox', 'message_closed');
  const { site } = app.config;
  try {
    await app.mailer.send(replyMail({ to: message.email, name: message.name, reply: input.reply, original: message.message, siteName: site.name, supportEmail: site.email }));
  } catch (error) {
    app.log.warn({ err: error, contactMessageId: message.id }, 'a contact reply could not be sent');
    throw new HttpError(424, 'The reply could not be sent by mail. Nothing was recorded; please try again.', 'mail_failed');
  }
  return app.db.transaction(async (tx) => {
    const reply = await recordReply(tx, { messageId: message.id, body: input.reply, adminId: input.adminId, at: new Date() });
    await recordAudit(tx, { actorAccountId: input.adminId, action: 'contact_reply', details: { contactMessageId: message.id, replyId: reply.id } });
    return reply;
  });
}

/** Closes a message (answered elsewhere, or nothing to answer), audited. */
export async function closeMessage(app: FastifyInstance, input: { id: number; adminId: string }) {
  return app.db.transaction(async (tx) => {
    const closed = await closeContactMessage(tx, input.id, new Date());
    if (!closed) throw notFound();
    await recordAudit(tx, { actorAccountId: input.adminId, action: 'contact_close', details: { contactMessageId: input.id } });
  });
}
