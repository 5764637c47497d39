import type { Programme } from '@coop/core';
import type { LedgerEntryKind } from '@coop/core/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';

/**
 * The account that paid a fee, given the payment's reference (the payments module's fragment, handed in by the
 * caller: the ledger sits below payments and names none of its tables).
 */
export type FeePayer = (reference: SQL) => SQL;

/**
 * The lines behind each liability figure, signed so that a list sums to its figure: fees as fee income
 * received, bonuses as bonus expense charged (hence negated), paid out as transfers settled and cash paid,
 * reserved as money moved into payout clearing or set aside for a cash-out awaiting approval, health fees as deducted for the health organisation.
 */
const figureLines: Record<LedgerEntryKind, { accounts: SQL; sign: number }> = {
  fee: { accounts: sql`a.kind = 'fee_income'`, sign: 1 },
  bonus: { accounts: sql`a.kind = 'bonus_expense'`, sign: -1 },
  paid_out: {
    accounts: sql`(a.kind = 'cash_payout' or (a.kind = 'provider_settlement' and e.kind like 'payout_%'))`,
    sign: 1,
  },
  reserved: { accounts: sql`a.kind in ('payout_clearing', 'cash_out_clearing')`, sign: 1 },
  health_fee: { accounts: sql`a.kind = 'health_fee_payable'`, sign: 1 },
  grant: { accounts: sql`a.kind = 'grant_expense'`, sign: -1 },
};

type LineRow = {
  entry_id: string;
  kind: string;
  memo: string;
  account: string;
  full_name: string | null;
  email: string | null;
  amount_kobo: string;
  created_at: string | Date;
  total: string;
};

/** One page of the journal lines behind a figure, newest first, with the member the entry concerned. */
export async function figureLinesPage(
  db: Tx,
  programme: Programme,
  kind: LedgerEntryKind,
  page: { limit: number; offset: number },
  feePayer: FeePayer,
) {
  const { accounts, sign } = figureLines[kind];
  const rows = await queryRows<LineRow>(
    db,
    sql`select e.id as entry_id, e.kind, e.memo, a.key as account, m.full_name, m.email, l.amount_kobo * ${sign} as amount_kobo, e.created_at,
          count(*) over () as total
        from journal_lines l
        join ledger_accounts a on a.id = l.ledger_account_id
        join journal_entries e on e.id = l.entry_id
        left join lateral (
          select acc.full_name, acc.email from journal_lines wl
          join ledger_accounts wa on wa.id = wl.ledger_account_id and wa.kind = 'wallet'
          ${accountColumnsJoin('acc', sql`wa.account_id`, ['full_name', 'email'])}
          where wl.entry_id = e.id limit 1
        ) w on true
        ${accountColumnsJoin(
          'pa',
          sql`case when e.kind = 'fee' and left(e.idempotency_key, 4) = 'fee:' then ${feePayer(sql`substring(e.idempotency_key from 5)`)} end`,
          ['full_name', 'email'],
          'left',
        )}
        cross join lateral (select coalesce(w.full_name, pa.full_name) as full_name, coalesce(w.email, pa.email) as email) m
        where a.programme = ${programme} and ${accounts}
        order by l.id desc limit ${page.limit} offset ${page.offset}`,
  );
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    items: rows.map((r) => ({
      entryId: Number(r.entry_id),
      kind: r.kind,
      memo: r.memo,
      account: r.account,
      fullName: r.full_name,
      email: r.email,
      amountKobo: Number(r.amount_kobo),
      createdAt: new Date(r.created_at),
    })),
  };
}

/** Wallets holding money, largest first: the list whose sum is what the programme owes its members now. */
export async function walletsInCreditPage(
  db: Tx,
  programme: Programme,
  page: { limit: number; offset: number },
) {
  const rows = await queryRows<{
    full_name: string;
    email: string;
    status: string;
    balance_kobo: string;
    total: string;
  }>(
    db,
    sql`select acc.full_name, acc.email, acc.status, w.balance_kobo, count(*) over () as total
        from ledger_accounts w ${accountColumnsJoin('acc', sql`w.account_id`, ['full_name', 'email', 'status'])}
        where w.kind = 'wallet' and w.programme = ${programme} and w.balance_kobo > 0
        order by w.balance_kobo desc, w.id limit ${page.limit} offset ${page.offset}`,
  );
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    items: rows.map((r) => ({
      fullName: r.full_name,
      email: r.email,
      accountStatus: r.status,
      balanceKobo: Number(r.balance_kobo),
    })),
  };
}
