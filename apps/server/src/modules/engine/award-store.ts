import type { Programme } from '@coop/core';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { awards } from '../../db/schema';
import { accountEmail, accountName } from '../accounts/account-sql';

/** Awards are the engine's (decision 0047): the administrators' queue and the yearly disclosure read them here. */
export type AwardStatus = 'pending' | 'delivered';

// Every award belongs to an account (its foreign key), so the name and email are never null.
const columns = {
  award: awards,
  fullName: sql<string>`${accountName(sql`${awards.accountId}`)}`,
  email: sql<string>`${accountEmail(sql`${awards.accountId}`)}`,
};
export type AwardRow = { award: typeof awards.$inferSelect; fullName: string; email: string };

/** Award entitlements with their members: pending ones by due date (next years' installments last), delivered ones newest first. */
export async function awardRows(
  db: Tx,
  options: { status?: AwardStatus; programme?: Programme; limit: number; offset: number },
) {
  const filters: SQL[] = [];
  if (options.status) filters.push(eq(awards.status, options.status));
  if (options.programme) filters.push(eq(awards.programme, options.programme));
  const where = filters.length ? and(...filters) : undefined;
  const order =
    options.status === 'pending'
      ? [asc(awards.dueAt), asc(awards.id)]
      : [asc(awards.status), desc(awards.id)];
  const rows = await db
    .select(columns)
    .from(awards)
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ n: count() }).from(awards).where(where);
  return { total: total?.n ?? 0, rows };
}

/** One award with its member, locked for the rest of the transaction so two administrators cannot both deliver it. */
export async function lockAward(tx: Tx, id: number): Promise<AwardRow | undefined> {
  const [row] = await tx.select(columns).from(awards).where(eq(awards.id, id)).for('update', { of: awards });
  return row;
}

export async function markDelivered(tx: Tx, id: number, at: Date) {
  await tx.update(awards).set({ status: 'delivered', deliveredAt: at }).where(eq(awards.id, id));
}

/** The awards delivered in [from, to), by kind: how many, their value, and one description to label the kind. */
export function awardsDeliveredByKind(db: Tx, programme: Programme, from: Date, to: Date) {
  return queryRows<{ kind: string; label: string; n: string; total: string }>(
    db,
    sql`select kind, min(description) as label, count(*) as n, sum(value_kobo) as total from awards
        where programme = ${programme} and status = 'delivered' and delivered_at >= ${from} and delivered_at < ${to}
        group by kind order by kind`,
  );
}
