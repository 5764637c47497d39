import { createElement } from 'react';
import { render, toPlainText } from '@react-email/render';
import type { OutgoingMail } from '../../../adapters/mail';
import { mailContent, type MailSite, type QueuedMail } from './content';
import { MailLayout } from './layout';

/** Both parts of a mail from one template: the HTML, and the plain text read off that same HTML. */
export async function renderMail(to: string, mail: QueuedMail, site: MailSite): Promise<OutgoingMail> {
  const content = mailContent(mail, site);
  const html = await render(createElement(MailLayout, { content }));
  const text = toPlainText(html);
  return { to, subject: content.subject, text, html };
}
