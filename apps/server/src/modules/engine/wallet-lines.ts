import type { Tx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
import { entryHeadsText, walletJournalLinesText } from '../ledger/ledger-store';
import { accountNameText } from '../accounts/account-sql';

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
             (select ${accountNameText('p.account_id')} from positions p
               where p.id = case when c.cause like 'referral:%' then cast(substring(c.cause from 10) as bigint) end) as from_full_name
      from credits c join ${entryHeadsText} e on e.id = c.journal_entry_id
      where c.account_id = $1
      union all
      select 'l' || l.id, l.entry_id, l.id, l.kind, null, l.memo, l.amount_kobo, l.created_at, null
      from ${walletJournalLinesText('$2')} l
      where not exists (select 1 from credits c where c.journal_entry_id = l.entry_id)
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
