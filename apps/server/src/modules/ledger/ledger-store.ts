import type { Programme } from '@coop/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/**
 * What other modules read of the ledger (decision 0047): the ledger's tables are named here and in the ledger's own
 * files only. A read that must stay one statement takes a named fragment that yields the columns it needs; the caller
 * joins it to its own tables.
 */

/** The wallet balance of the account `accountId` (SQL, a uuid) names, null when it has no wallet yet. */
export const walletBalanceOf = (accountId: SQL) =>
  sql`(select balance_kobo from ledger_accounts where key = 'wallet:' || ${accountId}::text)`;

/** Locks the member's wallet row and answers its balance (0 with no wallet yet): what is read is what is debited. */
export async function lockWalletBalanceKobo(tx: Tx, accountId: string): Promise<number> {
  const [wallet] = await queryRows<{ balance_kobo: string }>(
    tx,
    sql`select balance_kobo from ledger_accounts where key = ${`wallet:${accountId}`} for update`,
  );
  return wallet ? Number(wallet.balance_kobo) : 0;
}

/** The programme's wallets with money in them: rows of (account_id, balance_kobo). */
export const walletsHoldingMoney = (programme: Programme) =>
  sql`(select account_id, balance_kobo from ledger_accounts
       where kind = 'wallet' and programme = ${programme} and balance_kobo > 0)`;

/** The wallet lines of the entry with this idempotency key: rows of (account_id, amount_kobo). */
export const walletLinesOfEntry = (idempotencyKey: string) =>
  sql`(select w.account_id, l.amount_kobo
       from journal_entries e
       join journal_lines l on l.entry_id = e.id
       join ledger_accounts w on w.id = l.ledger_account_id and w.kind = 'wallet'
       where e.idempotency_key = ${idempotencyKey})`;

/**
 * The lines on ledger accounts of one kind made by entries of these kinds in [from, to): rows of (idempotency_key,
 * account_id, amount_kobo), the entry's key telling what caused it.
 */
export const entryLinesOf = (options: {
  entryKinds: readonly string[];
  accountKind: string;
  programme: Programme;
  from: Date;
  to: Date;
}) =>
  sql`(select e.idempotency_key, la.account_id, l.amount_kobo
       from journal_entries e
       join journal_lines l on l.entry_id = e.id
       join ledger_accounts la on la.id = l.ledger_account_id and la.kind = ${options.accountKind}
       where e.kind in (${sql.join(
         options.entryKinds.map((k) => sql`${k}`),
         sql`, `,
       )}) and e.programme = ${options.programme} and e.created_at >= ${options.from} and e.created_at < ${options.to})`;

/**
 * A page of the journal: every line of up to `limit` entries made in [start, end) after entry `after`, entry by entry.
 * Rows of (line_id, entry_id, created_at, programme, kind, memo, account, account_kind, account_id, amount_kobo).
 * The page is keyed by entry id, so its entries are read by primary key and their lines by the entry index.
 */
export const journalPage = (options: {
  start: Date;
  end: Date;
  programme?: Programme | null;
  after: string | null;
  limit: number;
}) =>
  sql`(with page as (
         select id, created_at, programme, kind, memo from journal_entries
         where created_at >= ${options.start.toISOString()}::timestamptz and created_at < ${options.end.toISOString()}::timestamptz
           ${options.programme ? sql`and programme = ${options.programme}` : sql``}
           ${options.after === null ? sql`` : sql`and id > ${options.after}`}
         order by id limit ${options.limit})
       select l.id as line_id, e.id as entry_id, e.created_at, e.programme, e.kind, e.memo, a.key as account,
         a.kind as account_kind, a.account_id, l.amount_kobo
       from page e
       join journal_lines l on l.entry_id = e.id
       join ledger_accounts a on a.id = l.ledger_account_id)`;

/**
 * For prepared statements (text, decision 0015): the wallet row of the account whose id (text) `accountIdText`
 * yields, as (balance_kobo, lines_posted); a simple subquery, so the planner reads it as the join it replaces.
 */
export const walletRowText = (accountIdText: string) =>
  `(select balance_kobo, lines_posted from ledger_accounts where key = 'wallet:' || ${accountIdText})`;

/** Prepared-statement text: the journal entries as (id, memo, created_at). */
export const entryHeadsText = `(select id, memo, created_at from journal_entries)`;

/**
 * Prepared-statement text: the lines of the wallet keyed `walletKeyText`, as (id, entry_id, kind, memo, amount_kobo,
 * created_at), each entry's kind in the member's words (a payout, money returned, a cash-out, a grant, other).
 */
export const walletJournalLinesText = (walletKeyText: string) => `(
      select l.id, l.entry_id,
             case e.kind when 'payout_reserve' then 'payout' when 'payout_success' then 'payout' when 'payout_released' then 'payout_returned'
                         when 'payout_reversed' then 'payout_returned' when 'cash_out' then 'cash_out' when 'cash_out_reserve' then 'cash_out'
                         when 'cash_out_released' then 'payout_returned' when 'grant' then 'grant' else 'other' end as kind,
             e.memo, l.amount_kobo, e.created_at
      from journal_lines l
      join ledger_accounts a on a.id = l.ledger_account_id
      join journal_entries e on e.id = l.entry_id
      where a.key = ${walletKeyText})`;

/** Entry kinds that move money between a member's wallet and the member (payouts, cash-outs, and their returns). */
const PAID_TO_MEMBER = [
  'payout_reserve',
  'payout_released',
  'payout_reversed',
  'cash_out',
  'cash_out_reserve',
  'cash_out_released',
];

/**
 * What has left the member's wallet to them (payouts, including one the bank has not confirmed yet, and cash-outs),
 * less what came back: after a lost dispute it is recorded as owed by the member (decision 0057).
 */
export async function paidOutOfWalletKobo(tx: Tx, accountId: string): Promise<number> {
  const [row] = await queryRows<{ paid: string }>(
    tx,
    sql`select coalesce(-sum(l.amount_kobo), 0) as paid
        from journal_lines l
        join ledger_accounts a on a.id = l.ledger_account_id
        join journal_entries e on e.id = l.entry_id
        where a.key = ${`wallet:${accountId}`} and e.kind in (${sql.join(
          PAID_TO_MEMBER.map((k) => sql`${k}`),
          sql`, `,
        )})`,
  );
  return Math.max(0, Number(row?.paid ?? 0));
}

/** What the entry with this key put on ledger accounts of one kind (0 without the entry): a payment's fee income. */
export async function entryAmountOnKobo(
  tx: Tx,
  idempotencyKey: string,
  accountKind: string,
): Promise<number> {
  const [row] = await queryRows<{ total: string }>(
    tx,
    sql`select coalesce(sum(l.amount_kobo), 0) as total
        from journal_entries e
        join journal_lines l on l.entry_id = e.id
        join ledger_accounts a on a.id = l.ledger_account_id and a.kind = ${accountKind}
        where e.idempotency_key = ${idempotencyKey}`,
  );
  return Number(row?.total ?? 0);
}
