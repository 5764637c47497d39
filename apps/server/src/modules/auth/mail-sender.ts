import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../../adapters/mail';

/**
 * Sends a mail after the answer has gone: the forgot-password and resend calls must take the same time whether
 * or not the email exists, so they cannot wait for the mail server. Closing the app waits for what is in flight.
 */
export function backgroundMailer(app: FastifyInstance) {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  return {
    send(mail: OutgoingMail) {
      const sending: Promise<void> = app.mailer
        .send(mail)
        .catch((error: unknown) => app.log.warn({ err: error, subject: mail.subject }, 'an account mail could not be sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
  };
}
