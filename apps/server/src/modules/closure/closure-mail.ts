import type { OutgoingMail } from '../../adapters/mail';

/** The confirmation mail: nothing happens until the member follows its link (terms, section on closure). */
export function closureMail(input: { to: string; fullName: string; programmeName: string; link: string; siteName: string }): OutgoingMail {
  const text = [
    `Dear ${input.fullName},`,
    '',
    `We received a request to close your ${input.programmeName} platform account.`,
    'If you made this request, confirm it by opening this link:',
    input.link,
    '',
    'The account is closed 7 business days after you confirm. Until then you can still sign in.',
    'If you did not ask for this, ignore this mail and nothing will change.',
    '',
    input.siteName,
  ].join('\n');
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = `<p>Dear ${escape(input.fullName)},</p>
<p>We received a request to close your ${escape(input.programmeName)} platform account. If you made this request, confirm it here:</p>
<p><a href="${escape(input.link)}">Confirm the closure of my account</a></p>
<p>The account is closed 7 business days after you confirm. Until then you can still sign in.</p>
<p>If you did not ask for this, ignore this mail and nothing will change.</p>
<p>${escape(input.siteName)}</p>`;
  return { to: input.to, subject: 'Confirm the closure of your account', text, html };
}
