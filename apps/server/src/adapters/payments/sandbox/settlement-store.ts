import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  sandboxDisputes,
  sandboxRefunds,
  sandboxSettlementItems,
  sandboxSettlements,
  sandboxTransactions,
} from '../../../db/schema';
import { paystackFeeKobo } from './fees';

export type SandboxSettlement = typeof sandboxSettlements.$inferSelect;

/** What the customer was charged: the fee, plus Paystack's fees when the customer paid them. */
const chargedKobo = (t: { amountKobo: number; customerPaysFees: boolean }) =>
  t.customerPaysFees ? t.amountKobo + paystackFeeKobo(t.amountKobo) : t.amountKobo;

const unsettled = (kind: 'charge' | 'refund' | 'chargeback', source: ReturnType<typeof sql>) =>
  sql`not exists (select 1 from ${sandboxSettlementItems} i where i.kind = ${kind} and i.source = ${source})`;

/**
 * The sandbox's settlements (tables sandbox_settlements, sandbox_settlement_items), made as Paystack makes them:
 * every successful charge paid up to a moment and not settled yet, less Paystack's fees on each, less the refunds
 * processed and the chargebacks lost (disputes resolved merchant-accepted) up to that moment, each taken once.
 */
export function sandboxSettlementStore(db: Db) {
  return {
    /**
     * Settles everything up to `until`; the settlement is dated that day and created at `until` (the end of its
     * period). Null when there is nothing to settle. One transaction, so a charge is never in two settlements.
     */
    async settle(until: Date): Promise<SandboxSettlement | null> {
      return db.transaction(async (tx) => {
        // One settlement at a time: a second caller waits here and then finds the items taken.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sandbox_settlements'))`);
        const charges = await tx
          .select()
          .from(sandboxTransactions)
          .where(
            and(
              eq(sandboxTransactions.status, 'success'),
              lte(sandboxTransactions.paidAt, until),
              unsettled('charge', sql`${sandboxTransactions.reference}`),
            ),
          );
        const refunds = await tx
          .select()
          .from(sandboxRefunds)
          .where(
            and(
              eq(sandboxRefunds.status, 'processed'),
              lte(sandboxRefunds.updatedAt, until),
              unsettled('refund', sql`${sandboxRefunds.id}::text`),
            ),
          );
        const chargebacks = await tx
          .select()
          .from(sandboxDisputes)
          .where(
            and(
              eq(sandboxDisputes.status, 'resolved'),
              eq(sandboxDisputes.resolution, 'merchant-accepted'),
              lte(sandboxDisputes.resolvedAt, until),
              unsettled('chargeback', sql`${sandboxDisputes.id}::text`),
            ),
          );
        if (charges.length + refunds.length + chargebacks.length === 0) return null;
        const items = [
          ...charges.map((t) => ({
            kind: 'charge' as const,
            source: t.reference,
            amountKobo: chargedKobo(t),
            feesKobo: paystackFeeKobo(t.amountKobo),
          })),
          ...refunds.map((r) => ({
            kind: 'refund' as const,
            source: String(r.id),
            amountKobo: r.amountKobo,
            feesKobo: 0,
          })),
          ...chargebacks.map((d) => ({
            kind: 'chargeback' as const,
            source: String(d.id),
            amountKobo: d.refundAmountKobo,
            feesKobo: 0,
          })),
        ];
        const sum = (kinds: string[], pick: (i: (typeof items)[number]) => number) =>
          items.filter((i) => kinds.includes(i.kind)).reduce((total, i) => total + pick(i), 0);
        const processedKobo = sum(['charge'], (i) => i.amountKobo);
        const feesKobo = sum(['charge'], (i) => i.feesKobo);
        const deductionsKobo = sum(['refund', 'chargeback'], (i) => i.amountKobo);
        const day = new Date(until);
        day.setUTCHours(0, 0, 0, 0);
        const [settlement] = await tx
          .insert(sandboxSettlements)
          .values({
            status: 'success',
            totalProcessedKobo: processedKobo,
            totalFeesKobo: feesKobo,
            deductionsKobo,
            totalAmountKobo: processedKobo - feesKobo - deductionsKobo,
            settlementDate: day,
            createdAt: until,
            updatedAt: until,
          })
          .returning();
        await tx
          .insert(sandboxSettlementItems)
          .values(items.map((i) => ({ ...i, settlementId: settlement!.id })));
        return settlement!;
      });
    },

    get: async (id: number) =>
      (await db.select().from(sandboxSettlements).where(eq(sandboxSettlements.id, id)))[0] ?? null,

    /** Paystack's list: settlements created between two moments, newest first, a page at a time. */
    async list(from: Date, to: Date, page: number, perPage: number) {
      const within = and(gte(sandboxSettlements.createdAt, from), lte(sandboxSettlements.createdAt, to));
      const rows = await db
        .select()
        .from(sandboxSettlements)
        .where(within)
        .orderBy(desc(sandboxSettlements.createdAt), desc(sandboxSettlements.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [all] = await db.select({ n: count() }).from(sandboxSettlements).where(within);
      return { settlements: rows, total: Number(all?.n ?? 0) };
    },

    /** The charges a settlement holds (their references), a page at a time, oldest first. */
    async charges(settlementId: number, page: number, perPage: number) {
      const mine = and(
        eq(sandboxSettlementItems.settlementId, settlementId),
        eq(sandboxSettlementItems.kind, 'charge'),
      );
      const rows = await db
        .select({ reference: sandboxSettlementItems.source })
        .from(sandboxSettlementItems)
        .where(mine)
        .orderBy(sandboxSettlementItems.source)
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [all] = await db
        .select({ n: count(), volume: sql<string>`coalesce(sum(${sandboxSettlementItems.amountKobo}), 0)` })
        .from(sandboxSettlementItems)
        .where(mine);
      return {
        references: rows.map((r) => r.reference),
        total: Number(all?.n ?? 0),
        volumeKobo: Number(all?.volume ?? 0),
      };
    },
  };
}
