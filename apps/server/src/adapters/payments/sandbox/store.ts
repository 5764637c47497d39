import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  sandboxRecipients,
  sandboxTransactions,
  sandboxTransfers,
  type SANDBOX_TRANSFER_STATUSES,
} from '../../../db/schema';

/**
 * The sandbox's records in the platform's database (tables sandbox_*), so a checkout the sandbox accepted is
 * still there after a restart or a kill, as it would be at Paystack. Dates travel as ISO strings, Paystack's form.
 */
export interface SandboxTransaction {
  id: number;
  reference: string;
  email: string;
  amountKobo: number;
  /** The customer paid Paystack's fees on top (checkout's "Pay, fees added"). */
  customerPaysFees: boolean;
  currency: string;
  callbackUrl: string | null;
  metadata: Record<string, unknown>;
  /** ongoing until the checkout decides (verify answers it as Paystack does: abandoned); Paystack's words. */
  status: 'ongoing' | 'success' | 'failed' | 'abandoned';
  paidAt: string | null;
  createdAt: string;
}

export interface SandboxRecipient {
  id: number;
  code: string;
  name: string;
  accountNumber: string;
  bankCode: string;
  bankName: string;
}

export interface SandboxTransfer {
  id: number;
  reference: string;
  transferCode: string;
  amountKobo: number;
  reason: string;
  recipient: SandboxRecipient;
  status: (typeof SANDBOX_TRANSFER_STATUSES)[number];
  createdAt: string;
  updatedAt: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const asTransaction = (row: typeof sandboxTransactions.$inferSelect): SandboxTransaction => ({
  ...row,
  paidAt: iso(row.paidAt),
  createdAt: row.createdAt.toISOString(),
});

export function sandboxStore(db: Db) {
  const recipientByCode = async (code: string) =>
    (await db.select().from(sandboxRecipients).where(eq(sandboxRecipients.code, code)))[0] ?? null;

  const transferOf = async (row: typeof sandboxTransfers.$inferSelect): Promise<SandboxTransfer> => {
    const { recipientCode, ...rest } = row;
    return {
      ...rest,
      recipient: (await recipientByCode(recipientCode))!,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  return {
    transactions: {
      async get(reference: string): Promise<SandboxTransaction | null> {
        const [row] = await db
          .select()
          .from(sandboxTransactions)
          .where(eq(sandboxTransactions.reference, reference));
        return row ? asTransaction(row) : null;
      },
      /** null when the reference is taken (Paystack: duplicate_reference). */
      async insert(
        values: Omit<SandboxTransaction, 'id' | 'createdAt' | 'paidAt' | 'status' | 'customerPaysFees'>,
      ): Promise<SandboxTransaction | null> {
        const [row] = await db
          .insert(sandboxTransactions)
          .values({ ...values, status: 'ongoing' })
          .onConflictDoNothing()
          .returning();
        return row ? asTransaction(row) : null;
      },
      /**
       * Decides an open checkout once; null when it was already decided. Open: ongoing, failed (a declined card may be
       * tried again) or abandoned (the customer left the page: at Paystack its link stays payable until the session ends).
       */
      async decide(
        reference: string,
        status: SandboxTransaction['status'],
        now: Date,
        customerPaysFees = false,
      ): Promise<SandboxTransaction | null> {
        const [row] = await db
          .update(sandboxTransactions)
          .set({ status, paidAt: status === 'success' ? now : null, customerPaysFees })
          .where(
            and(
              eq(sandboxTransactions.reference, reference),
              inArray(sandboxTransactions.status, ['ongoing', 'failed', 'abandoned']),
            ),
          )
          .returning();
        return row ? asTransaction(row) : null;
      },
      /** Tests: make the sandbox report another figure than the platform asked for. */
      async setAmount(reference: string, amountKobo: number) {
        await db
          .update(sandboxTransactions)
          .set({ amountKobo })
          .where(eq(sandboxTransactions.reference, reference));
      },
    },
    recipients: {
      get: recipientByCode,
      /** Paystack: a duplicate account number retrieves the existing recipient. */
      async upsert(values: Omit<SandboxRecipient, 'id'>): Promise<SandboxRecipient> {
        await db.insert(sandboxRecipients).values(values).onConflictDoNothing();
        const [row] = await db
          .select()
          .from(sandboxRecipients)
          .where(
            and(
              eq(sandboxRecipients.accountNumber, values.accountNumber),
              eq(sandboxRecipients.bankCode, values.bankCode),
            ),
          );
        return row!;
      },
    },
    transfers: {
      async get(reference: string): Promise<SandboxTransfer | null> {
        const [row] = await db
          .select()
          .from(sandboxTransfers)
          .where(eq(sandboxTransfers.reference, reference));
        return row ? transferOf(row) : null;
      },
      async exists(references: string[]) {
        if (references.length === 0) return [];
        const rows = await db
          .select({ reference: sandboxTransfers.reference })
          .from(sandboxTransfers)
          .where(inArray(sandboxTransfers.reference, references));
        return rows.map((row) => row.reference);
      },
      async insert(values: {
        reference: string;
        transferCode: string;
        amountKobo: number;
        reason: string;
        recipientCode: string;
        status: SandboxTransfer['status'];
      }) {
        const [row] = await db.insert(sandboxTransfers).values(values).returning();
        return transferOf(row!);
      },
      async complete(
        reference: string,
        status: SandboxTransfer['status'],
        now: Date,
      ): Promise<SandboxTransfer | null> {
        const [row] = await db
          .update(sandboxTransfers)
          .set({ status, updatedAt: now })
          .where(eq(sandboxTransfers.reference, reference))
          .returning();
        return row ? transferOf(row) : null;
      },
      async byCode(transferCode: string): Promise<SandboxTransfer | null> {
        const [row] = await db
          .select()
          .from(sandboxTransfers)
          .where(eq(sandboxTransfers.transferCode, transferCode));
        return row ? transferOf(row) : null;
      },
      async count() {
        const [row] = await db.select({ n: count() }).from(sandboxTransfers);
        return row!.n;
      },
    },
  };
}

export type SandboxStore = ReturnType<typeof sandboxStore>;
