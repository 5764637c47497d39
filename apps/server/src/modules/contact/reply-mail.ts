import type { OutgoingMail } from '../../adapters/mail';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const paragraphs = (s: string) =>
  s
    .split(/\n{2,}/)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** The administrator's answer to a Contact Us message, with the member's own words quoted below it. */
export function replyMail(input: { to: string; name: string; reply: string; original: string; siteName: string; supportEmail: string }): OutgoingMail {
  const text = [
    `Dear ${input.name},`,
    '',
    input.reply,
    '',
    input.siteName,
    input.supportEmail,
    '',
    '--- Your message ---',
    input.original,
  ].join('\n');
  const html = `<p>Dear ${escape(input.name)},</p>
${paragraphs(input.reply)}
<p>${escape(input.siteName)}<br>${escape(input.supportEmail)}</p>
<hr>
<p><strong>Your message</strong></p>
<blockquote>${paragraphs(input.original)}</blockquote>`;
  return { to: input.to, subject: `Re: your message to ${input.siteName}`, text, html };
}
