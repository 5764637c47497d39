import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxDisputes } from '../../../db/schema';

export type SandboxDispute = typeof sandboxDisputes.$inferSelect;

/** How long Paystack gives a merchant to answer a new dispute in the sandbox (Paystack sets dueAt itself). */
const ANSWER_WITHIN_MS = 48 * 60 * 60 * 1000;

/** The sandbox's disputes in the platform's database (table sandbox_disputes), like its transactions. */
export function sandboxDisputeStore(db: Db) {
  const get = async (id: number) =>
    (await db.select().from(sandboxDisputes).where(eq(sandboxDisputes.id, id)))[0] ?? null;
  const update = async (id: number, values: Partial<SandboxDispute>) =>
    (
      await db
        .update(sandboxDisputes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(sandboxDisputes.id, id))
        .returning()
    )[0] ?? null;
  return {
    get,
    update,
    async raise(transactionReference: string, refundAmountKobo: number, now: Date) {
      const [row] = await db
        .insert(sandboxDisputes)
        .values({
          transactionReference,
          status: 'awaiting-merchant-feedback',
          refundAmountKobo,
          category: 'chargeback',
          dueAt: new Date(now.getTime() + ANSWER_WITHIN_MS),
          messages: [
            { sender: 'customer', body: 'I do not recognise this payment.', createdAt: now.toISOString() },
          ],
        })
        .returning();
      return row!;
    },
    recent: () => db.select().from(sandboxDisputes).orderBy(desc(sandboxDisputes.id)).limit(200),
  };
}
