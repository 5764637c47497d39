import { eq, sql, type SQL } from 'drizzle-orm';
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

/*
 * The bank_details table as other modules' single statements may use it (issue 37: bank-details owns it). A payout
 * list, a transfer or the bank file joins one of these, by the account's id as SQL (`left join lateral ... b on
 * true`: one row per account, none when nothing is saved); nothing outside modules/bank-details names the table.
 */

/** What the screens and checks show of saved details: the bank, the last four digits, whether confirmed, when saved. */
export const bankDetailsSummary = (accountId: SQL) =>
  sql`(select bank_name, account_number_last4, verified, saved_at, updated_at from bank_details where account_id = ${accountId})`;

/**
 * What paying the account needs: the full number and bank code, the name to pay (the bank's own when it told us),
 * and the transfer recipient made for it. Only for the transfer and the bank file, never a screen.
 */
export const bankDetailsToPay = (accountId: SQL) =>
  sql`(select bank_name, bank_code, account_number, account_number_last4, coalesce(resolved_account_name, account_name) as account_name,
    recipient_code, recipient_key_mode from bank_details where account_id = ${accountId})`;

/** The accounts whose saved details hold this account number (the shared-account fraud checks), as a table. */
export const accountsHoldingNumber = (accountNumber: string) =>
  sql`(select account_id from bank_details where account_number = ${accountNumber})`;

/**
 * Keeps the provider's transfer recipient made for these details, only if they are still the ones it was made for
 * and no recipient of this key mode is kept yet.
 */
export async function keepTransferRecipient(
  db: Tx,
  details: { accountId: string; accountNumber: string; bankCode: string },
  recipient: { code: string; keyMode: string },
) {
  await db.execute(sql`update bank_details set recipient_code = ${recipient.code}, recipient_key_mode = ${recipient.keyMode}, updated_at = now()
    where account_id = ${details.accountId} and account_number = ${details.accountNumber} and bank_code = ${details.bankCode}
      and (recipient_code is null or recipient_key_mode is distinct from ${recipient.keyMode})`);
}
