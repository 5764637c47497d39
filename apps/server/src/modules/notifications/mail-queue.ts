import type { Programme } from '@coop/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mailOptOuts, mailQueue, notifications } from '../../db/schema';
import { findAccount, type AccountContact } from '../accounts/account-store';
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
  administrators: readonly AccountContact[],
  notice: Omit<AdminNotice, 'name'>,
) {
  for (const admin of administrators)
    await enqueueMail(
      tx,
      admin.email,
      { template: 'admin_notice', data: { name: admin.fullName, ...notice } },
      admin.id,
    );
}

/**
 * The one way a member is told about an event: the notification row for the member area and, unless the
 * member turned that category off, the queued mail; both in the event's own transaction.
 */
export async function notify(tx: Tx, accountId: string, event: NotificationEvent) {
  const account = await findAccount(tx, accountId);
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
    { template: 'event', data: { name: account.fullName, programme: account.programme, event } },
    accountId,
  );
}

/**
 * `notify` for many members in two statements (the notification rows, then the mails of those who did not turn the
 * category off), in the caller's transaction. `members` is a `from ... where` clause over accounts aliased `a`
 * (the caller chooses who; a publication tells a whole programme, so no statement per member).
 */
export async function notifyMembers(tx: Tx, programme: Programme, members: SQL, event: NotificationEvent) {
  const text = eventText(event, programme, '');
  const category = categoryOf[event.kind];
  await tx.execute(sql`
    insert into notifications (account_id, kind, title, body, link)
    select a.id, ${event.kind}, ${text.title}, ${text.summary}, ${memberPagePath(programme, text.page)} ${members}`);
  await tx.execute(sql`
    insert into mail_queue (to_address, account_id, template, subject, data)
    select lower(a.email), a.id, 'event', ${text.title},
           jsonb_build_object('name', a.full_name, 'programme', a.programme, 'event', ${JSON.stringify(event)}::jsonb)
    ${members}
      ${category === 'security' ? sql`` : sql`and not exists (select 1 from mail_opt_outs o where o.account_id = a.id and o.category = ${category})`}`);
  await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
}
