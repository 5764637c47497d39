import nodemailer from 'nodemailer';
import type { MailTransport } from './types';

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  // Time limits well inside the mail worker's claim lease, so a hung server never outlives the claim.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
  };
}
