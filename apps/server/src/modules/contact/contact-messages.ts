import { supportAge } from '@coop/core';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { contactMessages, contactReplies } from '../../db/schema';

export type SupportState = (typeof contactMessages.$inferSelect)['state'];

export async function saveContactMessage(db: Db, input: { name: string; email: string; message: string }) {
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return row!;
}

/** Newest first, one page at a time (optionally one state), with each message's replies and its age against the promise. */
export async function listContactMessages(
  db: Db,
  query: { page: number; pageSize: number; state?: SupportState },
  now: Date,
) {
  const where = query.state ? eq(contactMessages.state, query.state) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  const replies = items.length
    ? await db
        .select()
        .from(contactReplies)
        .where(
          inArray(
            contactReplies.messageId,
            items.map((m) => m.id),
          ),
        )
        .orderBy(asc(contactReplies.id))
    : [];
  return {
    total: total?.n ?? 0,
    items: items.map((m) => ({
      ...m,
      ...supportAge({ createdAt: m.createdAt, state: m.state, settledAt: m.answeredAt ?? m.closedAt }, now),
      replies: replies.filter((r) => r.messageId === m.id),
    })),
  };
}

export async function findContactMessage(db: Tx, id: number) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

/** Keeps the reply as sent and marks the message answered (the first answer's time stays: it is the one the promise counts). */
export async function recordReply(
  tx: Tx,
  input: { messageId: number; body: string; adminId: string; at: Date },
) {
  const [reply] = await tx
    .insert(contactReplies)
    .values({ messageId: input.messageId, body: input.body, sentBy: input.adminId, createdAt: input.at })
    .returning();
  const [message] = await tx
    .select({ answeredAt: contactMessages.answeredAt })
    .from(contactMessages)
    .where(eq(contactMessages.id, input.messageId))
    .for('update');
  await tx
    .update(contactMessages)
    .set({ state: 'answered', answeredAt: message?.answeredAt ?? input.at, readAt: input.at })
    .where(eq(contactMessages.id, input.messageId));
  return reply!;
}

export async function closeContactMessage(tx: Tx, id: number, at: Date) {
  const [row] = await tx
    .update(contactMessages)
    .set({ state: 'closed', closedAt: at })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return row;
}
