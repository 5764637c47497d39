import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/** cash_payout: money an administrator paid a member by hand (admin cash-out screens); grant_expense: approved grants. */
export type CompanyAccountKind = 'fee_income' | 'bonus_expense' | 'health_fee_payable' | 'payout_clearing' | 'provider_settlement' | 'cash_payout' | 'grant_expense' | 'refunds_payable';

/** A ledger account is named by a stable key, so entries can be described before any row exists. */
export type LedgerAccountRef =
  | { kind: 'wallet'; programme: Programme; accountId: string }
  | { kind: CompanyAccountKind; programme: Programme };

export function ledgerKey(ref: LedgerAccountRef): string {
  return ref.kind === 'wallet' ? `wallet:${ref.accountId}` : `${ref.kind}:${ref.programme}`;
}

/** Returns the ledger account's id, creating the row on first use (races end in the same row). */
export async function ensureLedgerAccount(tx: Tx, ref: LedgerAccountRef): Promise<number> {
  const key = ledgerKey(ref);
  const accountId = ref.kind === 'wallet' ? ref.accountId : null;
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into ledger_accounts (key, kind, programme, account_id) values (${key}, ${ref.kind}, ${ref.programme}, ${accountId})
        on conflict (key) do nothing returning id`,
  );
  if (row) return Number(row.id);
  const [found] = await queryRows<{ id: string }>(tx, sql`select id from ledger_accounts where key = ${key}`);
  return Number(found!.id);
}
