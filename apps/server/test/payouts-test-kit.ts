import type { Programme } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../src/db/client';
import { bankDetails } from '../src/db/schema';
import { postEntry } from '../src/modules/ledger/post-entry';

/** Test helpers: money reaches a wallet the way bonuses do (bonus expense pays the wallet), through the real ledger. */

export async function fundWallet(db: Db, programme: Programme, accountId: string, amountKobo: number) {
  await db.transaction((tx) =>
    postEntry(tx, {
      kind: 'referral_bonus',
      idempotencyKey: `test-fund:${randomUUID()}`,
      programme,
      memo: 'Test bonus',
      lines: [
        { account: { kind: 'bonus_expense', programme }, amountKobo: -amountKobo },
        { account: { kind: 'wallet', programme, accountId }, amountKobo },
      ],
    }),
  );
}

export async function saveBankDetails(
  db: Tx,
  accountId: string,
  options: { accountNumber: string; verified?: boolean; bankCode?: string; bankName?: string },
) {
  const verified = options.verified ?? true;
  await db.insert(bankDetails).values({
    accountId,
    accountType: 'savings',
    bankCode: options.bankCode ?? '058',
    bankName: options.bankName ?? 'Guaranty Trust Bank',
    accountNumber: options.accountNumber,
    accountNumberLast4: options.accountNumber.slice(-4),
    accountName: 'Test Member',
    resolvedAccountName: verified ? 'TEST MEMBER' : null,
    verified,
    verifiedAt: verified ? new Date() : null,
  });
}

export async function walletsBelowZero(db: Tx) {
  const result = (await db.execute(
    sql`select count(*)::int as n from ledger_accounts where kind = 'wallet' and balance_kobo < 0`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}
