import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
import { queryRows } from '../../db/rows';

export async function walletBalanceKobo(db: Tx, accountId: string): Promise<number> {
  const [row] = await queryRows<{ balance_kobo: string }>(
    db,
    sql`select balance_kobo from ledger_accounts where key = ${`wallet:${accountId}`}`,
  );
  return row ? Number(row.balance_kobo) : 0;
}

export interface WalletLineRow {
  id: string;
  entryId: number;
  kind: string;
  stage: number | null;
  memo: string;
  fromFullName: string | null;
  amountKobo: number;
  createdAt: Date;
}

/**
 * A wallet's history, one line per thing that moved: a bonus entry is shown as its credits (each bonus and
 * the health fee it deducted on their own lines, from the credits table, which sums to the entry's wallet
 * line), any other wallet line (payout, cash-out or the cash-out set aside for approval, money returned) as itself. Newest event first; within an
 * event, in the order it was credited. With the page's total; prepared once per connection (decision 0015). `$3` is
 * the kinds to keep, comma-separated, or '' for all.
 */
const walletLinesStatement: PreparedStatement = {
  name: 'wallet_lines',
  types: ['uuid', 'text', 'text', 'integer', 'integer'],
  text: `
    with lines as (
      select 'c' || c.id as id, c.journal_entry_id as entry_id, c.id as line_order, c.kind, c.stage, e.memo, c.amount_kobo, e.created_at,
             (select a.full_name from positions p join accounts a on a.id = p.account_id
               where p.id = case when c.cause like 'referral:%' then cast(substring(c.cause from 10) as bigint) end) as from_full_name
      from credits c join journal_entries e on e.id = c.journal_entry_id
      where c.account_id = $1
      union all
      select 'l' || l.id, l.entry_id, l.id,
             case e.kind when 'payout_reserve' then 'payout' when 'payout_success' then 'payout' when 'payout_released' then 'payout_returned'
                         when 'payout_reversed' then 'payout_returned' when 'cash_out' then 'cash_out' when 'cash_out_reserve' then 'cash_out'
                         when 'cash_out_released' then 'payout_returned' when 'grant' then 'grant' else 'other' end,
             null, e.memo, l.amount_kobo, e.created_at, null
      from journal_lines l
      join ledger_accounts a on a.id = l.ledger_account_id
      join journal_entries e on e.id = l.entry_id
      where a.key = $2 and not exists (select 1 from credits c where c.journal_entry_id = l.entry_id)
    )
    select id, entry_id, line_order, kind, stage, memo, from_full_name, amount_kobo, created_at, count(*) over () as total
    from lines where $3 = '' or kind = any(string_to_array($3, ','))
    order by entry_id desc, line_order
    limit $4 offset $5`,
};

/** A line of the wallet read as the database answers it. */
interface RawWalletLine {
  id: string;
  entry_id: string | number;
  line_order: string | number;
  kind: string;
  stage: number | null;
  memo: string;
  from_full_name: string | null;
  amount_kobo: string | number;
  created_at: string | Date;
  total: string | number;
}

const walletLineOf = (r: RawWalletLine): WalletLineRow => ({
  id: r.id,
  entryId: Number(r.entry_id),
  kind: r.kind,
  stage: r.stage,
  memo: r.memo,
  fromFullName: r.from_full_name,
  amountKobo: Number(r.amount_kobo),
  createdAt: new Date(r.created_at),
});

export async function walletLines(
  db: Tx,
  accountId: string,
  page: { limit: number; offset: number; kinds?: readonly string[] },
) {
  const list = await preparedRows<RawWalletLine>(db, walletLinesStatement, [
    accountId,
    `wallet:${accountId}`,
    (page.kinds ?? []).join(','),
    page.limit,
    page.offset,
  ]);
  return { total: list[0] ? Number(list[0].total) : 0, items: list.map(walletLineOf) };
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
