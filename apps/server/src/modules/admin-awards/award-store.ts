import { awardDueStatus, toNairaString, type Programme } from '@coop/core';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts, awards } from '../../db/schema';
import { awardLabel } from '../member/award-labels';

type AwardStatus = 'pending' | 'delivered';

const columns = { award: awards, fullName: accounts.fullName, email: accounts.email };
type AwardRow = { award: typeof awards.$inferSelect; fullName: string; email: string };

/** The API's view of an award entitlement: naira at the edge, the plan's own label, ISO dates. */
export function awardView({ award, fullName, email }: AwardRow, now = new Date()) {
  return {
    id: award.id,
    programme: award.programme,
    fullName,
    email,
    kind: award.kind,
    label: awardLabel(award.programme, award.kind),
    stage: award.stage,
    installment: award.installment,
    value: toNairaString(award.valueKobo),
    description: award.description,
    status: award.status,
    dueAt: award.dueAt.toISOString(),
    dueStatus: awardDueStatus(award, now),
    createdAt: award.createdAt.toISOString(),
    deliveredAt: award.deliveredAt?.toISOString() ?? null,
  };
}

/** Award entitlements for the administrators: pending ones by due date (the queue; next years' installments last), delivered ones newest first. */
export async function listAwards(
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
    .innerJoin(accounts, eq(accounts.id, awards.accountId))
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ n: count() }).from(awards).where(where);
  return { total: total?.n ?? 0, items: rows.map((row) => awardView(row)) };
}

/** One award with its member, locked for the rest of the transaction so two administrators cannot both deliver it. */
export async function lockAward(tx: Tx, id: number): Promise<AwardRow | undefined> {
  const [row] = await tx
    .select(columns)
    .from(awards)
    .innerJoin(accounts, eq(accounts.id, awards.accountId))
    .where(eq(awards.id, id))
    .for('update', { of: awards });
  return row;
}

export async function markDelivered(tx: Tx, id: number, at: Date) {
  await tx.update(awards).set({ status: 'delivered', deliveredAt: at }).where(eq(awards.id, id));
}
