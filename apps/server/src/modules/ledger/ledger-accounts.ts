import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/**
 * cash_payout: money an administrator paid a member by hand (admin cash-out screens); cash_out_clearing: a cash-out
 * above the approval threshold set aside from the wallet while a second administrator decides (decision 0040);
 * grant_expense: approved grants; chargeback_loss: what a lost card dispute took beyond what the payment held for
 * us (the card fee the customer bore, money refunded twice), decision 0057.
 */
export type CompanyAccountKind =
  | 'fee_income'
  | 'bonus_expense'
  | 'health_fee_payable'
  | 'payout_clearing'
  | 'provider_settlement'
  | 'cash_payout'
  | 'cash_out_clearing'
  | 'grant_expense'
  | 'refunds_payable'
  | 'chargeback_loss';

/** A ledger account is named by a stable key, so entries can be described before any row exists. */
export type LedgerAccountRef =
  | { kind: 'wallet'; programme: Programme; accountId: string }
  | { kind: CompanyAccountKind; programme: Programme };

export function ledgerKey(ref: LedgerAccountRef): string {
  return ref.kind === 'wallet' ? `wallet:${ref.accountId}` : `${ref.kind}:${ref.programme}`;
}

/**
 * Locks the entry's ledger accounts in id order (two entries touching the same accounts cannot deadlock) and
 * answers their ids by key, creating on first use the rows that do not exist yet (races end in the same row).
 */
export async function lockLedgerAccounts(tx: Tx, refs: LedgerAccountRef[]): Promise<Map<string, number>> {
  const byKey = new Map(refs.map((ref) => [ledgerKey(ref), ref]));
  const ids = new Map<string, number>();
  const lock = async (keys: string[]) => {
    const rows = await queryRows<{ id: string; key: string }>(
      tx,
      sql`select id, key from ledger_accounts where key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}) order by id for update`,
    );
    for (const r of rows) ids.set(r.key, Number(r.id));
  };
  await lock([...byKey.keys()]);
  const missing = [...byKey].filter(([key]) => !ids.has(key));
  if (missing.length > 0) {
    await tx.execute(
      sql`insert into ledger_accounts (key, kind, programme, account_id)
          values ${sql.join(
            missing.map(
              ([key, ref]) =>
                sql`(${key}, ${ref.kind}, ${ref.programme}, ${ref.kind === 'wallet' ? ref.accountId : null})`,
            ),
            sql`, `,
          )}
          on conflict (key) do nothing`,
    );
    await lock(missing.map(([key]) => key));
  }
  return ids;
}
