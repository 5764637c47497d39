import type { PlanDifference, Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { eventText } from '../notifications/event-text';
import { categoryOf, memberPagePath, type NotificationEvent } from '../notifications/events';
import { MAIL_CHANNEL } from '../notifications/mail-queue';

/**
 * Tells every active member of the programme that a new version applies to new positions and that their own
 * terms do not change: one statement for the notifications and one for the mails (the members who turned the
 * category off get none), in the publishing transaction, so members are told if and only if it is published.
 */
export async function tellMembersOfNewVersion(
  tx: Tx,
  programme: Programme,
  version: number,
  differences: readonly PlanDifference[],
) {
  const event: NotificationEvent = {
    kind: 'plan_published',
    version,
    changes: differences.map((d) => `${d.field} ${d.before} → ${d.after}`),
  };
  const text = eventText(event, programme, '');
  const members = sql`from accounts a where a.programme = ${programme} and a.role = 'user' and a.status = 'active'`;
  await tx.execute(sql`
    insert into notifications (account_id, kind, title, body, link)
    select a.id, ${event.kind}, ${text.title}, ${text.summary}, ${memberPagePath(programme, text.page)} ${members}`);
  await tx.execute(sql`
    insert into mail_queue (to_address, account_id, template, subject, data)
    select lower(a.email), a.id, 'event', ${text.title},
           jsonb_build_object('name', a.full_name, 'programme', a.programme, 'event', ${JSON.stringify(event)}::jsonb)
    ${members}
      and not exists (select 1 from mail_opt_outs o where o.account_id = a.id and o.category = ${categoryOf[event.kind]})`);
  await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
}
