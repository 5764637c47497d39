import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

export async function walletBalanceKobo(db: Tx, accountId: string): Promise<number> {
  const [row] = await queryRows<{ balance_kobo: string }>(
    db,
    sql`select balance_kobo from ledger_accounts where key = ${`wallet:${accountId}`}`,
  );
  return row ? Number(row.balance_kobo) : 0;
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
  const [total] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(amount_kobo), 0) as total from journal_lines`,
  );
  return { mismatchedAccounts, totalKobo: Number(total!.total) };
}
