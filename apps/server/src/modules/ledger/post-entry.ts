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
 * would go below zero refuses the whole entry (the caller's transaction rolls back). One statement for an entry on
 * accounts that exist, whatever its number of lines: every bonus, payment and payout posts one, many of them under a
 * programme's lock, where each round trip is a placement's time (decision 0065, addendum 2).
 */
export async function postEntry(tx: Tx, entry: NewEntry): Promise<PostResult> {
  const lines = checkBalanced(entry);
  const refs = lines.map((l) => l.account);
  let written = await writeEntry(tx, entry, lines);
  if (written.lockedIds.size < written.keys) {
    // An account's first entry (a member's first credit): nothing was written. Its row is created and locked, and
    // the entry written again, now on accounts that all exist.
    await lockMissingLedgerAccounts(tx, refs, written.lockedIds);
    written = await writeEntry(tx, entry, lines);
    if (written.lockedIds.size < written.keys)
      throw new Error(`entry ${entry.idempotencyKey}: its ledger accounts could not be locked`);
  }
  if (written.entryId === null) {
    // A replay (the key is taken): its accounts are locked and nothing changed; its lines are only compared.
    const [existing] = await queryRows<{ id: string }>(
      tx,
      sql`select id from journal_entries where idempotency_key = ${entry.idempotencyKey}`,
    );
    const entryId = Number(existing!.id);
    await assertSameLines(tx, entryId, lines);
    return { status: 'exists', entryId };
  }
  if (written.movedKeys.size < written.keys) {
    const refused = lines.find((l) => !written.movedKeys.has(ledgerKey(l.account)))!;
    throw new LedgerError('insufficient_funds', `${ledgerKey(refused.account)} cannot go below zero`);
  }
  return { status: 'posted', entryId: written.entryId };
}

/**
 * One statement: the entry's accounts locked in id order (lockAccountsSql: two entries on the same accounts cannot
 * deadlock), then, only when every one of them exists and the key is not taken, the entry, its lines, and each
 * account moved once by the entry's net amount on it (a wallet that would go below zero is not moved). Answers the
 * accounts it locked, the entry's id (null when nothing was written) and the accounts moved.
 */
async function writeEntry(tx: Tx, entry: NewEntry, lines: EntryLine[]) {
  const moves = new Map<
    string,
    { amountKobo: number; debitsKobo: number; creditsKobo: number; lines: number }
  >();
  for (const line of lines) {
    const key = ledgerKey(line.account);
    const move = moves.get(key) ?? { amountKobo: 0, debitsKobo: 0, creditsKobo: 0, lines: 0 };
    move.amountKobo += line.amountKobo;
    move.debitsKobo += Math.max(0, -line.amountKobo);
    move.creditsKobo += Math.max(0, line.amountKobo);
    move.lines += 1;
    moves.set(key, move);
  }
  const lineValues = lines.map(
    (l, i) => sql`(${i}::int, ${ledgerKey(l.account)}::text, ${l.amountKobo}::bigint)`,
  );
  const moveValues = [...moves].map(
    ([key, m]) =>
      sql`(${key}::text, ${m.amountKobo}::bigint, ${m.debitsKobo}::bigint, ${m.creditsKobo}::bigint, ${m.lines}::int)`,
  );
  // The entry's row is inserted only once every account is locked (it reads `locked`), and the lines and moves only
  // with the entry's row (they read `entry`): an entry is written whole or not at all.
  const rows = await queryRows<{
    entry_id: string | null;
    id: string | null;
    key: string | null;
    moved: string[];
  }>(
    tx,
    sql`with locked as materialized (${lockAccountsSql([...moves.keys()])}),
        entry as (
          insert into journal_entries (kind, idempotency_key, programme, memo, plan_version, created_by)
          select ${entry.kind}, ${entry.idempotencyKey}, ${entry.programme}, ${entry.memo}, ${entry.planVersion ?? null}::int, ${entry.createdBy ?? null}::uuid
          where (select count(*) from locked) = ${moves.size}
          on conflict (idempotency_key) do nothing returning id
        ), written as (
          insert into journal_lines (entry_id, ledger_account_id, amount_kobo)
          select entry.id, locked.id, l.amount_kobo
          from entry, (values ${sql.join(lineValues, sql`, `)}) as l(n, key, amount_kobo) join locked on locked.key = l.key
          order by l.n
        ), moved as (
          update ledger_accounts a set balance_kobo = a.balance_kobo + m.amount_kobo,
            debits_posted_kobo = a.debits_posted_kobo + m.debits_kobo,
            credits_posted_kobo = a.credits_posted_kobo + m.credits_kobo,
            lines_posted = a.lines_posted + m.lines
          from entry, (values ${sql.join(moveValues, sql`, `)}) as m(key, amount_kobo, debits_kobo, credits_kobo, lines)
            join locked on locked.key = m.key
          where a.id = locked.id and (a.kind <> 'wallet' or a.balance_kobo + m.amount_kobo >= 0)
          returning a.key
        )
        select (select id from entry) as entry_id, locked.id, locked.key,
          array(select key from moved) as moved
        from (select 1) as one left join locked on true`,
  );
  const locked = rows.filter((r) => r.key !== null);
  const movedKeys = new Set(rows[0]!.moved);
  return {
    keys: moves.size,
    entryId: rows[0]!.entry_id === null ? null : Number(rows[0]!.entry_id),
    lockedIds: new Map(locked.map((r) => [r.key!, Number(r.id)])),
    movedKeys,
  };
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
