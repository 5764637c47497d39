import { sql } from 'drizzle-orm';
import { checkEntryLines, type Programme } from '@coop/core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { ensureLedgerAccount, ledgerKey, type LedgerAccountRef } from './ledger-accounts';

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
 * would go below zero refuses the whole entry (the caller's transaction rolls back).
 */
export async function postEntry(tx: Tx, entry: NewEntry): Promise<PostResult> {
  const lines = checkBalanced(entry);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into journal_entries (kind, idempotency_key, programme, memo, plan_version, created_by)
        values (${entry.kind}, ${entry.idempotencyKey}, ${entry.programme}, ${entry.memo}, ${entry.planVersion ?? null}, ${entry.createdBy ?? null})
        on conflict (idempotency_key) do nothing returning id`,
  );
  if (!row) {
    const [existing] = await queryRows<{ id: string }>(tx, sql`select id from journal_entries where idempotency_key = ${entry.idempotencyKey}`);
    const entryId = Number(existing!.id);
    await assertSameLines(tx, entryId, lines);
    return { status: 'exists', entryId };
  }
  const entryId = Number(row.id);
  // Balances are locked in id order so two entries touching the same accounts cannot deadlock.
  // One query at a time: a transaction is one connection.
  const resolved: Array<EntryLine & { ledgerAccountId: number }> = [];
  for (const l of lines) resolved.push({ ...l, ledgerAccountId: await ensureLedgerAccount(tx, l.account) });
  resolved.sort((a, b) => a.ledgerAccountId - b.ledgerAccountId);
  for (const line of resolved) {
    await tx.execute(sql`insert into journal_lines (entry_id, ledger_account_id, amount_kobo) values (${entryId}, ${line.ledgerAccountId}, ${line.amountKobo})`);
    const updated = await queryRows(
      tx,
      sql`update ledger_accounts set balance_kobo = balance_kobo + ${line.amountKobo},
            debits_posted_kobo = debits_posted_kobo + ${Math.max(0, -line.amountKobo)},
            credits_posted_kobo = credits_posted_kobo + ${Math.max(0, line.amountKobo)},
            lines_posted = lines_posted + 1
          where id = ${line.ledgerAccountId} and (kind <> 'wallet' or balance_kobo + ${line.amountKobo} >= 0)
          returning id`,
    );
    if (updated.length === 0) throw new LedgerError('insufficient_funds', `${ledgerKey(line.account)} cannot go below zero`);
  }
  return { status: 'posted', entryId };
}

/** A replayed key must describe the same movement; the same key with other amounts is a bug upstream. */
async function assertSameLines(tx: Tx, entryId: number, lines: EntryLine[]) {
  const stored = await queryRows<{ key: string; amount_kobo: string }>(
    tx,
    sql`select a.key, l.amount_kobo from journal_lines l join ledger_accounts a on a.id = l.ledger_account_id where l.entry_id = ${entryId}`,
  );
  const canon = (rows: { key: string; amount: number }[]) => rows.map((r) => `${r.key}=${r.amount}`).sort().join(',');
  const storedCanon = canon(stored.map((r) => ({ key: r.key, amount: Number(r.amount_kobo) })));
  const newCanon = canon(lines.map((l) => ({ key: ledgerKey(l.account), amount: l.amountKobo })));
  if (storedCanon !== newCanon) throw new LedgerError('conflicting_replay', `entry key reused with different lines`);
}
