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
 * What locks the entry's ledger accounts in id order (two entries touching the same accounts cannot deadlock): a
 * select of (id, key) for the accounts that exist, for a statement of postEntry's or on its own.
 */
export const lockAccountsSql = (keys: string[]) =>
  sql`select id, key from ledger_accounts where key in (${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}) order by id for update`;

/**
 * The entry's ledger accounts' ids by key, all locked: `locked` holds those a statement of the caller's already
 * locked (lockAccountsSql); the rows that do not exist yet are created on first use (races end in the same row)
 * and locked here.
 */
export async function lockMissingLedgerAccounts(
  tx: Tx,
  refs: LedgerAccountRef[],
  locked: Map<string, number>,
): Promise<Map<string, number>> {
  const missing = [...new Map(refs.map((ref) => [ledgerKey(ref), ref]))].filter(([key]) => !locked.has(key));
  if (missing.length === 0) return locked;
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
  const ids = new Map(locked);
  const rows = await queryRows<{ id: string; key: string }>(tx, lockAccountsSql(missing.map(([key]) => key)));
  for (const r of rows) ids.set(r.key, Number(r.id));
  return ids;
}
