import type { Programme } from '@coop/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mailQueue } from '../../db/schema';
import { findAccount, type Account, type AccountContact } from '../accounts/account-store';
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
 * member turned that category off, the queued mail; both in the event's own transaction. After the account's read,
 * one statement: a placement notifies inside the programme's lock, which every other placement waits for, so each
 * round trip here is one that every join waits for (decision 0055, addendum 2). The rows are those `enqueueMail` and
 * the separate inserts wrote.
 */
export async function notify(
  tx: Tx,
  accountId: string,
  event: NotificationEvent,
  /** The account, when the caller has just read it in this transaction (a placement has): not read again. */
  known?: Pick<Account, 'id' | 'programme' | 'email' | 'fullName'> | null,
  /**
   * A write of the caller's that needs no answer and touches none of these rows, sent in the same statement (a
   * settled payment's own update beside its notice, under the programme's lock: one round trip, not two).
   */
  alongside?: SQL,
) {
  const account = known?.id === accountId ? known : await findAccount(tx, accountId);
  if (!account) throw new Error(`notify: no account ${accountId}`);
  const text = eventText(event, account.programme, '');
  const category = categoryOf[event.kind];
  const mail: QueuedMail = {
    template: 'event',
    data: { name: account.fullName, programme: account.programme, event },
  };
  const optedOut =
    category === 'security'
      ? sql`false`
      : sql`exists (select 1 from mail_opt_outs o where o.account_id = ${accountId} and o.category = ${category})`;
  await tx.execute(sql`
    with ${alongside ? sql`alongside as (${alongside}), ` : sql``}told as (
      insert into notifications (account_id, kind, title, body, link)
      values (${accountId}, ${event.kind}, ${text.title}, ${text.summary}, ${memberPagePath(account.programme, text.page)})
    ), queued as (
      insert into mail_queue (to_address, account_id, template, subject, data)
      select ${account.email.toLowerCase()}, ${accountId}::uuid, ${mail.template}, ${mailSubject(mail)}, ${JSON.stringify(mail.data)}::jsonb
      where not ${optedOut}
      returning id
    )
    select pg_notify(${MAIL_CHANNEL}, '') from queued`);
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
