import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

export async function walletBalanceKobo(db: Tx, accountId: string): Promise<number> {
  const [row] = await queryRows<{ balance_kobo: string }>(db, sql`select balance_kobo from ledger_accounts where key = ${`wallet:${accountId}`}`);
  return row ? Number(row.balance_kobo) : 0;
}

export interface WalletHistoryItem {
  entryId: number;
  kind: string;
  memo: string;
  amountKobo: number;
  createdAt: Date;
}

/** Every credit and debit of a wallet, newest first, with the reason written when the money moved. */
export async function walletHistory(db: Tx, accountId: string, page: { limit: number; offset: number }) {
  const list = await queryRows<{ id: string; kind: string; memo: string; amount_kobo: string; created_at: string | Date; total: string }>(
    db,
    sql`
    select e.id, e.kind, e.memo, l.amount_kobo, e.created_at, count(*) over () as total
    from journal_lines l
    join ledger_accounts a on a.id = l.ledger_account_id
    join journal_entries e on e.id = l.entry_id
    where a.key = ${`wallet:${accountId}`}
    order by e.id desc
    limit ${page.limit} offset ${page.offset}`,
  );
  return {
    total: list[0] ? Number(list[0].total) : 0,
    items: list.map<WalletHistoryItem>((r) => ({
      entryId: Number(r.id),
      kind: r.kind,
      memo: r.memo,
      amountKobo: Number(r.amount_kobo),
      createdAt: new Date(r.created_at),
    })),
  };
}

/**
 * Conservation check used by tests and the admin: every account's balance, posted debits, posted credits and
 * line count equal its lines; all lines sum to zero.
 */
export async function ledgerDiscrepancies(db: Tx) {
  const mismatchedAccounts = await queryRows<{ key: string }>(
    db,
    sql`
    select a.key from ledger_accounts a left join journal_lines l on l.ledger_account_id = a.id
    group by a.id
    having a.balance_kobo <> coalesce(sum(l.amount_kobo), 0)
      or a.debits_posted_kobo <> coalesce(sum(-l.amount_kobo) filter (where l.amount_kobo < 0), 0)
      or a.credits_posted_kobo <> coalesce(sum(l.amount_kobo) filter (where l.amount_kobo > 0), 0)
      or a.lines_posted <> count(l.id)`,
  );
  const [total] = await queryRows<{ total: string }>(db, sql`select coalesce(sum(amount_kobo), 0) as total from journal_lines`);
  return { mismatchedAccounts, totalKobo: Number(total!.total) };
}
