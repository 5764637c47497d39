export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
}

const URL_PATTERN = /https?:\/\/[^\s"'<>)]+/g;

export function linksIn(mail: Pick<OutgoingMail, 'text' | 'html'>): string[] {
  return [...new Set([...(mail.text.match(URL_PATTERN) ?? []), ...(mail.html.match(URL_PATTERN) ?? [])])].map((l) =>
    l.replace(/&amp;/g, '&'),
  );
}
