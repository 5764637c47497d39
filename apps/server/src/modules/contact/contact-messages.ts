import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

export async function saveContactMessage(db: Db, input: { name: string; email: string; message: string }) {
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return row!;
}

/** Newest first, one page at a time, with the total so the admin screen can page. */
export async function listContactMessages(db: Db, page: { page: number; pageSize: number }) {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return { items, total: total?.n ?? 0 };
}
