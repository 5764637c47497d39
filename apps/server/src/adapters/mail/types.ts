export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
}

const URL_PATTERN = /https?:\/\/[^\s"'<>)]+/g;

export function linksIn(mail: Pick<OutgoingMail, 'text' | 'html'>): string[] {
  return [...new Set([...(mail.text.match(URL_PATTERN) ?? []), ...(mail.html.match(URL_PATTERN) ?? [])])].map(
    (l) => l.replace(/&amp;/g, '&'),
  );
}
