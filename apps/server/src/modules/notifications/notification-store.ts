import { mailCategories, mailCategoryLabels, type MailCategory } from '@coop/core/contracts';
import { and, count, desc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOptOuts, notifications } from '../../db/schema';

const PAGE = 50;

export async function unreadCount(db: Db, accountId: string) {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** The member's latest notifications, newest first, with the unread count for the top bar. */
export async function listNotifications(db: Db, accountId: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.accountId, accountId))
    .orderBy(desc(notifications.id))
    .limit(PAGE);
  return {
    unread: await unreadCount(db, accountId),
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      createdAt: r.createdAt.toISOString(),
      read: r.readAt !== null,
    })),
  };
}

/** Opening the list marks what it showed as read; a notification that arrived since stays unread. */
export async function markRead(db: Db, accountId: string, upToId: number) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.accountId, accountId),
        lte(notifications.id, upToId),
        isNull(notifications.readAt),
      ),
    );
  return { unread: await unreadCount(db, accountId) };
}

export async function mailSettings(db: Db, accountId: string) {
  const off = new Set(
    (
      await db
        .select({ category: mailOptOuts.category })
        .from(mailOptOuts)
        .where(eq(mailOptOuts.accountId, accountId))
    ).map((r) => r.category),
  );
  return {
    settings: [
      ...mailCategories.map((category) => ({
        category,
        ...mailCategoryLabels[category],
        enabled: !off.has(category),
        locked: false,
      })),
      { category: 'security' as const, ...mailCategoryLabels.security, enabled: true, locked: true },
    ],
  };
}

export async function setMailSetting(db: Db, accountId: string, category: MailCategory, enabled: boolean) {
  if (enabled)
    await db
      .delete(mailOptOuts)
      .where(and(eq(mailOptOuts.accountId, accountId), eq(mailOptOuts.category, category)));
  else await db.insert(mailOptOuts).values({ accountId, category }).onConflictDoNothing();
  return mailSettings(db, accountId);
}
