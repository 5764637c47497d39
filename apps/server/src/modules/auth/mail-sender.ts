import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../../adapters/mail';

/**
 * Sends account mails without ever failing the call that caused them (a lost mail can be asked for again).
 * `later` sends after the answer has gone: the forgot-password and resend calls must take the same time whether
 * or not the email exists, so they cannot wait for the mail server. Closing the app waits for what is in flight.
 * `now` waits, for sign-up: its answer already says the account exists, and the mail is then there to read.
 */
export function accountMailer(app: FastifyInstance) {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  const deliver = (mail: OutgoingMail) =>
    app.mailer.send(mail).catch((error: unknown) => app.log.warn({ err: error, subject: mail.subject }, 'an account mail could not be sent'));
  return {
    later(mail: OutgoingMail) {
      const sending: Promise<void> = deliver(mail).finally(() => pending.delete(sending));
      pending.add(sending);
    },
    now: deliver,
  };
}
