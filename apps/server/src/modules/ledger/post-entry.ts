import { sql } from 'drizzle-orm';
import { checkEntryLines, type Programme } from '@coop/core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  ledgerKey,
  lockAccountsSql,
  lockMissingLedgerAccounts,
  type LedgerAccountRef,
} from './ledger-accounts';

export interface EntryLine {
  account: LedgerAccountRef;
  /** Positive credits the account, negative debits it. */
  amountKobo: number;
}

export interface NewEntry {
  kind: string;
  /** One cause, one entry: a second post with the same key changes nothing. */
  idempotencyKey: string;
  programme: Programme;
  memo: string;
  lines: EntryLine[];
  planVersion?: number;
  createdBy?: string;
}

export class LedgerError extends Error {
  constructor(
    readonly code: 'unbalanced' | 'insufficient_funds' | 'conflicting_replay',
    message: string,
  ) {
    super(message);
  }
}

export type PostResult = { status: 'posted' | 'exists'; entryId: number };

function checkBalanced(entry: NewEntry) {
  const checked = checkEntryLines(entry.lines);
  if (!checked.ok) throw new LedgerError('unbalanced', `entry ${entry.idempotencyKey}: ${checked.reason}`);
  return [...checked.lines];
}

/**
 * Writes a balanced entry and moves each account's balance, posted debits and credits and line count in the
 * caller's transaction (so they always equal the sums of its lines). A wallet that
 * would go below zero refuses the whole entry (the caller's transaction rolls back). Two statements for an
 * entry on accounts that exist, whatever its number of lines: every bonus, payment and payout posts one, many of
 * them under a programme's lock, where each round trip is a placement's time.
 */
export async function postEntry(tx: Tx, entry: NewEntry): Promise<PostResult> {
  const lines = checkBalanced(entry);
  const refs = lines.map((l) => l.account);
  // The entry's row and its accounts' locks at once. A replay (the key is taken) locks the accounts too, and
  // changes nothing: its lines are only compared.
  const rows = await queryRows<{ entry_id: string | null; id: string | null; key: string | null }>(
    tx,
    sql`with entry as (
          insert into journal_entries (kind, idempotency_key, programme, memo, plan_version, created_by)
          values (${entry.kind}, ${entry.idempotencyKey}, ${entry.programme}, ${entry.memo}, ${entry.planVersion ?? null}, ${entry.createdBy ?? null})
          on conflict (idempotency_key) do nothing returning id
        ), locked as materialized (${lockAccountsSql([...new Set(refs.map(ledgerKey))])})
        select (select id from entry) as entry_id, locked.id, locked.key
        from (select 1) as one left join locked on true`,
  );
  if (rows[0]!.entry_id === null) {
    const [existing] = await queryRows<{ id: string }>(
      tx,
      sql`select id from journal_entries where idempotency_key = ${entry.idempotencyKey}`,
    );
    const entryId = Number(existing!.id);
    await assertSameLines(tx, entryId, lines);
    return { status: 'exists', entryId };
  }
  const entryId = Number(rows[0]!.entry_id);
  const ids = await lockMissingLedgerAccounts(
    tx,
    refs,
    new Map(rows.filter((r) => r.key !== null).map((r) => [r.key!, Number(r.id)])),
  );
  // Each account moved once by the entry's net amount on it: one statement writes the lines and moves every
  // balance (a wallet that would go below zero is not moved, and the entry is refused below).
  const moves = new Map<
    number,
    { amountKobo: number; debitsKobo: number; creditsKobo: number; lines: number }
  >();
  for (const line of lines) {
    const id = ids.get(ledgerKey(line.account))!;
    const move = moves.get(id) ?? { amountKobo: 0, debitsKobo: 0, creditsKobo: 0, lines: 0 };
    move.amountKobo += line.amountKobo;
    move.debitsKobo += Math.max(0, -line.amountKobo);
    move.creditsKobo += Math.max(0, line.amountKobo);
    move.lines += 1;
    moves.set(id, move);
  }
  const lineValues = lines.map(
    (l) => sql`(${entryId}::bigint, ${ids.get(ledgerKey(l.account))!}::bigint, ${l.amountKobo}::bigint)`,
  );
  const moveValues = [...moves].map(
    ([id, m]) =>
      sql`(${id}::bigint, ${m.amountKobo}::bigint, ${m.debitsKobo}::bigint, ${m.creditsKobo}::bigint, ${m.lines}::int)`,
  );
  const moved = await queryRows<{ id: string }>(
    tx,
    sql`with written as (insert into journal_lines (entry_id, ledger_account_id, amount_kobo) values ${sql.join(lineValues, sql`, `)} returning id)
        update ledger_accounts a set balance_kobo = a.balance_kobo + m.amount_kobo,
          debits_posted_kobo = a.debits_posted_kobo + m.debits_kobo,
          credits_posted_kobo = a.credits_posted_kobo + m.credits_kobo,
          lines_posted = a.lines_posted + m.lines
        from (values ${sql.join(moveValues, sql`, `)}) as m(id, amount_kobo, debits_kobo, credits_kobo, lines)
        where a.id = m.id and (a.kind <> 'wallet' or a.balance_kobo + m.amount_kobo >= 0)
        returning a.id`,
  );
  if (moved.length < moves.size) {
    const movedIds = new Set(moved.map((r) => Number(r.id)));
    const refused = lines.find((l) => !movedIds.has(ids.get(ledgerKey(l.account))!))!;
    throw new LedgerError('insufficient_funds', `${ledgerKey(refused.account)} cannot go below zero`);
  }
  return { status: 'posted', entryId };
}

/** A replayed key must describe the same movement; the same key with other amounts is a bug upstream. */
async function assertSameLines(tx: Tx, entryId: number, lines: EntryLine[]) {
  const stored = await queryRows<{ key: string; amount_kobo: string }>(
    tx,
    sql`select a.key, l.amount_kobo from journal_lines l join ledger_accounts a on a.id = l.ledger_account_id where l.entry_id = ${entryId}`,
  );
  const canon = (rows: { key: string; amount: number }[]) =>
    rows
      .map((r) => `${r.key}=${r.amount}`)
      .sort()
      .join(',');
  const storedCanon = canon(stored.map((r) => ({ key: r.key, amount: Number(r.amount_kobo) })));
  const newCanon = canon(lines.map((l) => ({ key: ledgerKey(l.account), amount: l.amountKobo })));
  if (storedCanon !== newCanon)
    throw new LedgerError('conflicting_replay', `entry key reused with different lines`);
}
