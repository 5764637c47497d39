import type { Config } from '../../config';
import type { OutgoingMail } from '../../adapters/mail';
import type { Programme } from '../../plugins/auth';
import { clientPages, programmeName } from './programmes';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Every account mail: a greeting, one paragraph, one link, a closing line; the same words in text and HTML. */
function accountMail(config: Config, to: string, subject: string, parts: { name: string; lead: string; action: string; link: string; after: string }): OutgoingMail {
  const site = config.site.name;
  const text = [`Dear ${parts.name},`, '', parts.lead, '', `${parts.action}: ${parts.link}`, '', parts.after, '', site].join('\n');
  const html = [
    `<p>Dear ${escapeHtml(parts.name)},</p>`,
    `<p>${escapeHtml(parts.lead)}</p>`,
    `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(parts.action)}</a></p>`,
    `<p>${escapeHtml(parts.after)}</p>`,
    `<p>${escapeHtml(site)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

export function confirmationMail(config: Config, account: { email: string; fullName: string; programme: Programme }, token: string): OutgoingMail {
  const link = `${config.publicUrl}${clientPages.confirmEmail}?token=${encodeURIComponent(token)}`;
  return accountMail(config, account.email, `Confirm your email address for the ${programmeName(account.programme)} platform`, {
    name: account.fullName,
    lead: `Thank you for registering on the ${programmeName(account.programme)} platform of ${config.site.name}. Please confirm that this email address is yours.`,
    action: 'Confirm my email address',
    link,
    after: 'The link works once, for two days. If you did not register, ignore this mail.',
  });
}

export function resetPasswordMail(config: Config, account: { email: string; fullName: string; programme: Programme }, token: string): OutgoingMail {
  const link = `${config.publicUrl}${clientPages.resetPassword[account.programme]}?token=${encodeURIComponent(token)}`;
  return accountMail(config, account.email, `Reset your ${programmeName(account.programme)} platform password`, {
    name: account.fullName,
    lead: `Someone asked to reset the password of your ${programmeName(account.programme)} platform account.`,
    action: 'Choose a new password',
    link,
    after: 'The link works once, for one hour. If you did not ask for it, ignore this mail: your password stays as it is.',
  });
}

/** Sent after a change or reset, so a person whose account was taken over learns of it at once. */
export function passwordChangedMail(config: Config, account: { email: string; fullName: string; programme: Programme }): OutgoingMail {
  return accountMail(config, account.email, `Your ${programmeName(account.programme)} platform password was changed`, {
    name: account.fullName,
    lead: `The password of your ${programmeName(account.programme)} platform account was just changed, and every other device was signed out.`,
    action: 'Sign in',
    link: `${config.publicUrl}${clientPages.signIn[account.programme]}`,
    after: `If you did not do this, reset your password at once and contact us at ${config.site.email}.`,
  });
}
