import type { PlanDifference, Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { NotificationEvent } from '../notifications/events';
import { accountColumnsFrom } from '../accounts/account-sql';
import { notifyMembers } from '../notifications/mail-queue';

/**
 * Tells every active member of the programme that a new version applies to new positions and that their own
 * terms do not change: the notifications module's `notifyMembers` (two statements for the whole programme; the members who turned
 * the category off get no mail), in the publishing transaction, so members are told if and only if it is published.
 */
export async function tellMembersOfNewVersion(
  tx: Tx,
  programme: Programme,
  version: number,
  differences: readonly PlanDifference[],
  from?: string,
) {
  const event: NotificationEvent = {
    kind: 'plan_published',
    version,
    changes: differences.map((d) => `${d.field} ${d.before} → ${d.after}`),
    ...(from ? { from } : {}),
  };
  const members = sql`from ${accountColumnsFrom('a', ['id', 'email', 'full_name', 'programme', 'role', 'status'])} where a.programme = ${programme} and a.role = 'user' and a.status = 'active'`;
  await notifyMembers(tx, programme, members, event);
}
