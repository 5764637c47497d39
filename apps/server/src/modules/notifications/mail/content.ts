import { type Programme, programmeName } from '@coop/core';
import { eventText } from '../event-text';
import { categoryOf, memberPagePath, type Item, type NotificationEvent } from '../events';

/** What waits in mail_queue: a template name and its data, rendered only when the worker sends it. */
export type QueuedMail =
  | { template: 'event'; data: { name: string; programme: Programme; event: NotificationEvent } }
  | {
      template: 'confirm_email' | 'reset_password' | 'closure_link';
      data: { name: string; programme: Programme; token: string };
    }
  /** To a corrected email's new address: its link makes it the account's email. */
  | {
      template: 'confirm_email_change';
      data: { name: string; programme: Programme; token: string; newEmail: string; by?: 'member' };
    }
  /** An administrator's answer to a Contact Us message, the sender's words quoted below it. */
  | { template: 'contact_reply'; data: { name: string; siteName: string; reply: string; original: string } }
  /** A sole administrator's invitation of a second one: its link lets the person choose a password. */
  | { template: 'admin_invitation'; data: { name: string; inviter: string; token: string } }
  /** To each member a personal-data breach reached (section 40, decision 0030): what happened and what to do. */
  | {
      template: 'breach_notice';
      data: {
        name: string;
        programme: Programme;
        foundOn: string;
        what: string;
        dataKinds: string;
        whatWeDid: string;
        whatToDo: string;
        dpoEmail: string;
      };
    }
  /** A large My Data download is ready: its link works until the date given (decision 0030). */
  | {
      template: 'data_export_ready';
      data: { name: string; programme: Programme; token: string; expiresOn: string };
    }
  /** A notice to an administrator (the payout day), pointing at an admin page. */
  | {
      template: 'admin_notice';
      data: { name: string; subject: string; paragraphs: string[]; action: { label: string; path: string } };
    };

/** Templates whose data holds a live token: the data is wiped once the mail is sent. */
export const templatesWithSecrets: ReadonlySet<QueuedMail['template']> = new Set([
  'confirm_email',
  'reset_password',
  'closure_link',
  'confirm_email_change',
  'admin_invitation',
  'data_export_ready',
]);

export interface MailSite {
  name: string;
  email: string;
  publicUrl: string;
}

/** One mail's words and figures; the layout (layout.tsx) turns any of them into HTML and plain text. */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  items: Item[];
  awards: Item[];
  action: { label: string; url: string } | null;
  warning: string | null;
  /** Someone's own words, quoted below the mail (a contact reply). */
  quote: { title: string; text: string } | null;
  footer: string;
}

export function mailSubject(mail: QueuedMail): string {
  if (mail.template === 'contact_reply') return `Re: your message to ${mail.data.siteName}`;
  if (mail.template === 'admin_notice') return mail.data.subject;
  if (mail.template === 'admin_invitation') return `${mail.data.inviter} invites you to be an administrator`;
  const platform = `${programmeName(mail.data.programme)} platform`;
  switch (mail.template) {
    case 'event':
      return eventText(mail.data.event, mail.data.programme, '').title;
    case 'confirm_email':
      return `Confirm your email address for the ${platform}`;
    case 'reset_password':
      return `Reset your ${platform} password`;
    case 'closure_link':
      return 'Confirm the closure of your account';
    case 'confirm_email_change':
      return `Confirm your new email address for the ${platform}`;
    case 'breach_notice':
      return `Important: your personal data on the ${platform}`;
    case 'data_export_ready':
      return `Your data from the ${platform} is ready to download`;
  }
}

const paragraphsOf = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

export function mailContent(mail: QueuedMail, site: MailSite): MailContent {
  if (mail.template === 'admin_invitation')
    return {
      subject: mailSubject(mail),
      greeting: `Dear ${mail.data.name},`,
      paragraphs: [
        `${mail.data.inviter} invites you to be an administrator of ${site.name}. Choose your password through the link below; you then sign in to the admin area with this email address.`,
        'The link works once, for three days. If you did not expect this, ignore this mail: nothing happens without it.',
      ],
      items: [],
      awards: [],
      action: {
        label: 'Choose my password',
        url: `${site.publicUrl}/admininvite?token=${encodeURIComponent(mail.data.token)}`,
      },
      warning: null,
      quote: null,
      footer: `${site.name}. ${site.email}`,
    };
  if (mail.template === 'contact_reply' || mail.template === 'admin_notice') {
    const staff = {
      subject: mailSubject(mail),
      greeting: `Dear ${mail.data.name},`,
      items: [],
      awards: [],
      warning: null,
      footer: `${site.name}. ${site.email}`,
    };
    if (mail.template === 'contact_reply')
      return {
        ...staff,
        paragraphs: paragraphsOf(mail.data.reply),
        action: null,
        quote: { title: 'Your message', text: mail.data.original },
      };
    return {
      ...staff,
      paragraphs: mail.data.paragraphs,
      action: { label: mail.data.action.label, url: `${site.publicUrl}${mail.data.action.path}` },
      quote: null,
    };
  }
  const { name, programme } = mail.data;
  const platform = `${programmeName(programme)} platform`;
  const link = (path: string, token?: string) =>
    `${site.publicUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const common = {
    subject: mailSubject(mail),
    greeting: `Dear ${name},`,
    items: [],
    awards: [],
    warning: null,
    quote: null,
    footer: `${site.name}. You receive this mail because you have an account on our ${platform}.`,
  };
  switch (mail.template) {
    case 'event': {
      const text = eventText(mail.data.event, programme, site.email);
      const settings =
        categoryOf[mail.data.event.kind] !== 'security'
          ? [
              `You can turn off mails like this one in your mail settings: ${link(memberPagePath(programme, 'mailSettings'))}`,
            ]
          : [];
      return {
        ...common,
        paragraphs: [text.summary, ...text.more],
        items: text.items,
        awards: text.awards,
        action: { label: text.action, url: link(memberPagePath(programme, text.page)) },
        warning: text.warning,
        footer: [common.footer, ...settings].join(' '),
      };
    }
    case 'confirm_email':
      return {
        ...common,
        paragraphs: [
          `Thank you for registering on the ${platform} of ${site.name}. Please confirm that this email address is yours.`,
          'The link works once, for two days. If you did not register, ignore this mail.',
        ],
        action: { label: 'Confirm my email address', url: link('/confirmemail', mail.data.token) },
      };
    case 'reset_password':
      return {
        ...common,
        paragraphs: [
          `Someone asked to reset the password of your ${platform} account.`,
          'The link works once, for one hour. If you did not ask for it, ignore this mail: your password stays as it is.',
        ],
        action: {
          label: 'Choose a new password',
          url: link(
            programme === 'main' ? '/mainresetpassword' : '/welcomebackresetpassword',
            mail.data.token,
          ),
        },
      };
    case 'closure_link':
      return {
        ...common,
        paragraphs: [
          `We received a request to close your ${platform} account. If you made this request, confirm it with the link below.`,
          'The account is closed 7 business days after you confirm. Until then you can still sign in.',
          'If you did not ask for this, ignore this mail and nothing will change.',
        ],
        action: { label: 'Confirm the closure of my account', url: link('/confirmclosure', mail.data.token) },
      };
    case 'confirm_email_change':
      return {
        ...common,
        paragraphs: [
          `${mail.data.by === 'member' ? 'You asked to change' : 'Our staff corrected'} the email address of your ${platform} account to ${mail.data.newEmail}${mail.data.by === 'member' ? '' : ', as you asked'}. Please confirm that this address is yours: until you do, the account keeps its old address.`,
          'The link works once, for two days. If you did not ask for this, ignore this mail and nothing will change.',
        ],
        action: { label: 'Confirm my new email address', url: link('/confirmemailchange', mail.data.token) },
      };
    case 'breach_notice':
      return {
        ...common,
        paragraphs: [
          `We are writing because a breach of security reached personal data of yours that our ${platform} holds. We found it on ${mail.data.foundOn}.`,
          `What happened: ${mail.data.what}`,
          `The data reached: ${mail.data.dataKinds}.`,
          `What we did: ${mail.data.whatWeDid}`,
          `What you should do: ${mail.data.whatToDo}`,
          `Our data protection officer answers your questions at ${mail.data.dpoEmail}. We have told, or will tell, the Nigeria Data Protection Commission, as the law requires.`,
        ],
        action: null,
      };
    case 'data_export_ready':
      return {
        ...common,
        paragraphs: [
          `The download of everything our ${platform} holds about you, which you asked for under My Data, is ready: a zip of one JSON file and a spreadsheet (CSV) file for each list.`,
          `The link works until ${mail.data.expiresOn}, for you only: do not forward this mail. After that date, ask again from My Data.`,
        ],
        action: {
          label: 'Download my data',
          url: `${site.publicUrl}/api/data-exports?token=${encodeURIComponent(mail.data.token)}`,
        },
        warning: `If you did not ask for this, contact us at ${site.email}.`,
      };
  }
}
