import { and, count, desc, eq, gte, lte, ne, sum } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxRefunds } from '../../../db/schema';

export type SandboxRefundStatus = (typeof sandboxRefunds.$inferSelect)['status'];

export interface SandboxRefund {
  id: number;
  transactionReference: string;
  amountKobo: number;
  currency: string;
  status: SandboxRefundStatus;
  customerNote: string;
  merchantNote: string;
  createdAt: string;
  updatedAt: string;
}

const asRefund = (row: typeof sandboxRefunds.$inferSelect): SandboxRefund => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The sandbox's refunds in the platform's database (table sandbox_refunds), so a restart forgets none. */
export function sandboxRefundStore(db: Db) {
  return {
    async get(id: number): Promise<SandboxRefund | null> {
      const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id));
      return row ? asRefund(row) : null;
    },
    /** What was refunded (or is being) of a transaction: every refund but the failed ones. */
    async refundedKobo(transactionReference: string): Promise<number> {
      const [row] = await db
        .select({ total: sum(sandboxRefunds.amountKobo) })
        .from(sandboxRefunds)
        .where(
          and(
            eq(sandboxRefunds.transactionReference, transactionReference),
            ne(sandboxRefunds.status, 'failed'),
          ),
        );
      return Number(row?.total ?? 0);
    },
    /** Paystack's list: the refunds created between two moments, newest first, a page at a time, with the total. */
    async list(
      from: Date,
      to: Date,
      page: number,
      perPage: number,
    ): Promise<{ refunds: SandboxRefund[]; total: number; failed: number }> {
      const within = and(gte(sandboxRefunds.createdAt, from), lte(sandboxRefunds.createdAt, to));
      const rows = await db
        .select()
        .from(sandboxRefunds)
        .where(within)
        .orderBy(desc(sandboxRefunds.createdAt), desc(sandboxRefunds.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [all] = await db.select({ n: count() }).from(sandboxRefunds).where(within);
      const [failed] = await db
        .select({ n: count() })
        .from(sandboxRefunds)
        .where(and(within, eq(sandboxRefunds.status, 'failed')));
      return { refunds: rows.map(asRefund), total: Number(all?.n ?? 0), failed: Number(failed?.n ?? 0) };
    },
    async insert(
      values: Omit<SandboxRefund, 'id' | 'createdAt' | 'updatedAt' | 'status'>,
    ): Promise<SandboxRefund> {
      const [row] = await db
        .insert(sandboxRefunds)
        .values({ ...values, status: 'pending' })
        .returning();
      return asRefund(row!);
    },
    async move(id: number, status: SandboxRefundStatus, now: Date): Promise<SandboxRefund | null> {
      const [row] = await db
        .update(sandboxRefunds)
        .set({ status, updatedAt: now })
        .where(eq(sandboxRefunds.id, id))
        .returning();
      return row ? asRefund(row) : null;
    },
  };
}
