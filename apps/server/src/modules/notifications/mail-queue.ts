import type { Programme } from '@coop/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mailOptOuts, mailQueue, notifications } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { eventText } from './event-text';
import { categoryOf, memberPagePath, type NotificationEvent } from './events';
import { mailSubject, type QueuedMail } from './mail/content';

/** The channel the worker listens on; PostgreSQL delivers a NOTIFY only when its transaction commits. */
export const MAIL_CHANNEL = 'mail_queue';

/**
 * Queues a mail in the caller's transaction: it is sent if and only if the transaction commits, and a crash
 * after the commit leaves it waiting in the table for the next worker. The NOTIFY wakes the workers at commit.
 */
export async function enqueueMail(tx: Tx, to: string, mail: QueuedMail, accountId: string | null = null) {
  await tx.insert(mailQueue).values({
    toAddress: to.toLowerCase(),
    accountId,
    template: mail.template,
    subject: mailSubject(mail),
    data: mail.data as never,
  });
  await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
}

type AdminNotice = Extract<QueuedMail, { template: 'admin_notice' }>['data'];

/** The same notice to each of these administrators, queued in the caller's transaction under their own account. */
export async function mailAdministrators(
  tx: Tx,
  administrators: Array<{ id: string; email: string; full_name: string }>,
  notice: Omit<AdminNotice, 'name'>,
) {
  for (const admin of administrators)
    await enqueueMail(
      tx,
      admin.email,
      { template: 'admin_notice', data: { name: admin.full_name, ...notice } },
      admin.id,
    );
}

interface AccountRow {
  email: string;
  full_name: string;
  programme: Programme;
}

/**
 * The one way a member is told about an event: the notification row for the member area and, unless the
 * member turned that category off, the queued mail; both in the event's own transaction.
 */
export async function notify(tx: Tx, accountId: string, event: NotificationEvent) {
  const [account] = await queryRows<AccountRow>(
    tx,
    sql`select email, full_name, programme from accounts where id = ${accountId}`,
  );
  if (!account) throw new Error(`notify: no account ${accountId}`);
  const text = eventText(event, account.programme, '');
  await tx.insert(notifications).values({
    accountId,
    kind: event.kind,
    title: text.title,
    body: text.summary,
    link: memberPagePath(account.programme, text.page),
  });
  const category = categoryOf[event.kind];
  if (category !== 'security') {
    const [off] = await tx
      .select({ category: mailOptOuts.category })
      .from(mailOptOuts)
      .where(and(eq(mailOptOuts.accountId, accountId), eq(mailOptOuts.category, category)));
    if (off) return;
  }
  await enqueueMail(
    tx,
    account.email,
    { template: 'event', data: { name: account.full_name, programme: account.programme, event } },
    accountId,
  );
}
