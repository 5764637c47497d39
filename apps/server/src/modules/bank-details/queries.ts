import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bankDetails } from '../../db/schema';

export type BankDetailsRow = typeof bankDetails.$inferSelect;

/** One row per account: saving again replaces it, and forgets the old transfer recipient (it was for the old account). */
export async function upsertBankDetails(
  db: Tx,
  values: Omit<typeof bankDetails.$inferInsert, 'createdAt' | 'updatedAt' | 'savedAt' | 'recipientCode'>,
) {
  const [row] = await db
    .insert(bankDetails)
    .values(values)
    .onConflictDoUpdate({
      target: bankDetails.accountId,
      set: {
        accountType: values.accountType,
        bankCode: values.bankCode,
        bankName: values.bankName,
        accountNumber: values.accountNumber,
        accountNumberLast4: values.accountNumberLast4,
        accountName: values.accountName,
        resolvedAccountName: values.resolvedAccountName ?? null,
        verified: values.verified ?? false,
        verifiedAt: values.verifiedAt ?? null,
        recipientCode: null,
        savedAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function findBankDetails(db: Tx, accountId: string): Promise<BankDetailsRow | undefined> {
  const [row] = await db.select().from(bankDetails).where(eq(bankDetails.accountId, accountId));
  return row;
}
