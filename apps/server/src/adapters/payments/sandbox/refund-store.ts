import { and, eq, ne, sum } from 'drizzle-orm';
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

const asRefund = (row: typeof sandboxRefunds.$inferSelect): SandboxRefund => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

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
        .where(and(eq(sandboxRefunds.transactionReference, transactionReference), ne(sandboxRefunds.status, 'failed')));
      return Number(row?.total ?? 0);
    },
    async insert(values: Omit<SandboxRefund, 'id' | 'createdAt' | 'updatedAt' | 'status'>): Promise<SandboxRefund> {
      const [row] = await db
        .insert(sandboxRefunds)
        .values({ ...values, status: 'pending' })
        .returning();
      return asRefund(row!);
    },
    async move(id: number, status: SandboxRefundStatus, now: Date): Promise<SandboxRefund | null> {
      const [row] = await db.update(sandboxRefunds).set({ status, updatedAt: now }).where(eq(sandboxRefunds.id, id)).returning();
      return row ? asRefund(row) : null;
    },
  };
}
