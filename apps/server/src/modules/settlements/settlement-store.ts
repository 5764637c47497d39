import { desc, eq, lt, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { settlementLines, settlements } from '../../db/schema';
import { accountEmail, accountName } from '../accounts/account-sql';

export type SettlementRow = typeof settlements.$inferSelect;
export type SettlementValues = Omit<typeof settlements.$inferInsert, 'id' | 'tickedAt' | 'tickedBy'>;
export type SettlementLineValues = Omit<typeof settlementLines.$inferInsert, 'id' | 'settlementId'>;

/** The settlements module's tables (settlements, settlement_lines): only this file names them. */
export const findByProviderId = async (db: Tx, providerSettlementId: number) =>
  (
    await db.select().from(settlements).where(eq(settlements.providerSettlementId, providerSettlementId))
  )[0] ?? null;

/** The settlement before one (by Paystack's creation time): where its period starts. */
export async function previousSettlementEnd(db: Tx, createdAt: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: settlements.providerCreatedAt })
    .from(settlements)
    .where(lt(settlements.providerCreatedAt, createdAt))
    .orderBy(desc(settlements.providerCreatedAt))
    .limit(1);
  return row?.at ?? null;
}

/** The newest settlement's creation time and when Paystack was last asked. */
export async function fetchMarks(db: Tx) {
  const [row] = await db
    .select({ newest: max(settlements.providerCreatedAt), fetchedAt: max(settlements.fetchedAt) })
    .from(settlements);
  return { newest: row?.newest ?? null, fetchedAt: row?.fetchedAt ?? null };
}

export async function touchFetched(db: Tx, id: number, at: Date) {
  await db.update(settlements).set({ fetchedAt: at }).where(eq(settlements.id, id));
}

/** Writes a settlement and its lines anew (the operator's tick is kept). */
export async function saveSettlement(db: Tx, values: SettlementValues, lines: SettlementLineValues[]) {
  const [row] = await db
    .insert(settlements)
    .values(values)
    .onConflictDoUpdate({ target: settlements.providerSettlementId, set: values })
    .returning({ id: settlements.id });
  const id = row!.id;
  await db.delete(settlementLines).where(eq(settlementLines.settlementId, id));
  if (lines.length > 0)
    await db.insert(settlementLines).values(lines.map((l) => ({ ...l, settlementId: id })));
  return id;
}

export async function setTick(db: Tx, id: number, by: string | null, at: Date | null) {
  const [row] = await db
    .update(settlements)
    .set({ tickedAt: at, tickedBy: by })
    .where(eq(settlements.id, id))
    .returning({ id: settlements.id });
  return row ?? null;
}

// Columns of the outer row are named with their table: drizzle leaves them bare, and a bare name inside a
// subquery would be read as the subquery's own column.
/** What a settlement's screen shows beside its row: how many payments it holds, who ticked it. One statement. */
const summaryColumns = {
  settlement: settlements,
  paymentCount: sql<number>`(select count(*)::int from ${settlementLines} l where l.settlement_id = ${sql.raw('"settlements"."id"')} and l.kind = 'payment')`,
  tickedByName: sql<string | null>`${accountName(sql.raw('"settlements"."ticked_by"'))}`,
  tickedByEmail: sql<string | null>`${accountEmail(sql.raw('"settlements"."ticked_by"'))}`,
};
export type SettlementSummaryRow = {
  settlement: SettlementRow;
  paymentCount: number;
  tickedByName: string | null;
  tickedByEmail: string | null;
};

/** A page of settlements, newest first. */
export async function settlementPage(db: Tx, page: number, pageSize: number) {
  const rows: SettlementSummaryRow[] = await db
    .select(summaryColumns)
    .from(settlements)
    .orderBy(desc(settlements.settlementDate), desc(settlements.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(settlements);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function settlementSummary(db: Tx, id: number): Promise<SettlementSummaryRow | null> {
  const [row] = await db.select(summaryColumns).from(settlements).where(eq(settlements.id, id));
  return row ?? null;
}

/** A settlement's lines, with the member's name (the accounts module's fragment). */
export const linesOf = (db: Tx, settlementId: number) =>
  db
    .select({
      line: settlementLines,
      memberName: sql<string | null>`${accountName(sql.raw('"settlement_lines"."account_id"'))}`,
    })
    .from(settlementLines)
    .where(eq(settlementLines.settlementId, settlementId))
    .orderBy(settlementLines.kind, settlementLines.id);
