import type { MailCategory } from '@coop/core/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Tx } from '../../db/client';
import { mailOptOuts } from '../../db/schema';
import { categoryOf, type NotificationEvent } from './events';

/**
 * The mails a member can turn off with one click from the mail itself (RFC 8058 List-Unsubscribe-Post): news of
 * bonuses, promotions and awards. Money mails (payments, payouts, grants) and security mails carry no such
 * header: they stay on unless the member turns them off in Mail Settings. Decision 0028.
 */
export const ONE_CLICK_CATEGORIES: readonly MailCategory[] = ['bonuses', 'awards'];

const signature = (secret: string, accountId: string, category: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${accountId}:${category}`).digest('base64url');

/** The one-click address for one member and category: signed, so nobody can turn off another member's mail. */
export function unsubscribeUrl(publicUrl: string, secret: string, accountId: string, category: MailCategory) {
  const url = new URL('/api/mail/unsubscribe', publicUrl);
  url.searchParams.set('a', accountId);
  url.searchParams.set('c', category);
  url.searchParams.set('t', signature(secret, accountId, category));
  return url.toString();
}

export function validUnsubscribe(secret: string, accountId: string, category: string, token: string) {
  const expected = Buffer.from(signature(secret, accountId, category));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** RFC 2369 and RFC 8058 headers for an event mail the member can turn off with one click; none for the others. */
export function listUnsubscribeHeaders(
  site: { publicUrl: string; unsubscribeSecret: string },
  accountId: string | null,
  event: NotificationEvent | undefined,
): Record<string, string> {
  const category = event ? categoryOf[event.kind] : undefined;
  if (!accountId || !category || category === 'security' || !ONE_CLICK_CATEGORIES.includes(category))
    return {};
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(site.publicUrl, site.unsubscribeSecret, accountId, category)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Turns the category off for the member, as Mail Settings does; doing it twice changes nothing. */
export async function unsubscribe(tx: Tx, accountId: string, category: MailCategory) {
  await tx.insert(mailOptOuts).values({ accountId, category }).onConflictDoNothing();
}
