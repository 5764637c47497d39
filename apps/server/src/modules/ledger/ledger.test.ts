import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accounts } from '../../db/schema';
import { describeEachDatabase } from '../../../test/databases';
import { LedgerError, postEntry } from './post-entry';
import { ledgerDiscrepancies, walletBalanceKobo } from './queries';

async function makeAccounts(db: Db, n: number, tag: string) {
  const rows = await db
    .insert(accounts)
    .values(
      Array.from({ length: n }, (_, i) => ({
        programme: 'main' as const,
        email: `l${tag}${i}@example.com`,
        fullName: `Member ${i}`,
        phone: '08030000000',
        address: 'Lagos',
        passwordHash: 'x',
        referralCode: `L${tag}${i}`.toUpperCase().slice(0, 12),
      })),
    )
    .returning({ id: accounts.id });
  return rows.map((r) => r.id);
}

const credit = (accountId: string, amountKobo: number, key: string) => ({
  kind: 'referral_bonus',
  idempotencyKey: key,
  programme: 'main' as const,
  memo: 'test credit',
  lines: [
    { account: { kind: 'bonus_expense' as const, programme: 'main' as const }, amountKobo: -amountKobo },
    { account: { kind: 'wallet' as const, programme: 'main' as const, accountId }, amountKobo },
  ],
});
const debit = (accountId: string, amountKobo: number, key: string) => ({
  kind: 'cash_out',
  idempotencyKey: key,
  programme: 'main' as const,
  memo: 'test debit',
  lines: [
    { account: { kind: 'wallet' as const, programme: 'main' as const, accountId }, amountKobo: -amountKobo },
    { account: { kind: 'payout_clearing' as const, programme: 'main' as const }, amountKobo },
  ],
});

describeEachDatabase('ledger', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => database?.close());

  it('posts once per key and refuses the same key with other amounts', async () => {
    const [a] = await makeAccounts(database.db, 1, 'once');
    const first = await database.db.transaction((tx) => postEntry(tx, credit(a!, 500, 'k-once')));
    const again = await database.db.transaction((tx) => postEntry(tx, credit(a!, 500, 'k-once')));
    expect(first.status).toBe('posted');
    expect(again).toEqual({ status: 'exists', entryId: first.entryId });
    await expect(
      database.db.transaction((tx) => postEntry(tx, credit(a!, 501, 'k-once'))),
    ).rejects.toMatchObject({ code: 'conflicting_replay' });
    expect(await walletBalanceKobo(database.db, a!)).toBe(500);
  });

  it('refuses an overdraft and leaves nothing behind', async () => {
    const [a] = await makeAccounts(database.db, 1, 'over');
    await database.db.transaction((tx) => postEntry(tx, credit(a!, 1000, 'k-over-c')));
    const error = await database.db
      .transaction((tx) => postEntry(tx, debit(a!, 1001, 'k-over-d')))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as LedgerError).code).toBe('insufficient_funds');
    expect(await walletBalanceKobo(database.db, a!)).toBe(1000);
    const entries = await queryRows(
      database.db,
      sql`select count(*)::int as n from journal_entries where idempotency_key = 'k-over-d'`,
    );
    expect(entries).toEqual([{ n: 0 }]);
  });

  it('refuses to change or delete history', async () => {
    const reason = (e: unknown) => String((e as { cause?: Error }).cause?.message ?? e);
    expect(
      reason(
        await database.db.execute(sql`update journal_lines set amount_kobo = 0`).catch((e: unknown) => e),
      ),
    ).toMatch(/append-only/);
    expect(
      reason(await database.db.execute(sql`delete from journal_entries`).catch((e: unknown) => e)),
    ).toMatch(/append-only/);
  });

  it('keeps every entry balanced, every wallet equal to its lines and never negative (property)', async () => {
    const wallets = await makeAccounts(database.db, 4, 'prop');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            wallet: fc.integer({ min: 0, max: 3 }),
            amount: fc.integer({ min: 1, max: 5000 }),
            isDebit: fc.boolean(),
            replay: fc.boolean(),
          }),
          {
            minLength: 1,
            maxLength: 15,
          },
        ),
        async (ops) => {
          for (const op of ops) {
            const key = op.replay && n > 0 ? `p-${n - 1}` : `p-${n++}`;
            const accountId = wallets[op.wallet]!;
            const entry = op.isDebit ? debit(accountId, op.amount, key) : credit(accountId, op.amount, key);
            await database.db
              .transaction((tx) => postEntry(tx, entry))
              .catch((e: unknown) => {
                if (!(e instanceof LedgerError)) throw e;
              });
          }
          const check = await ledgerDiscrepancies(database.db);
          expect(check).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
          for (const w of wallets) expect(await walletBalanceKobo(database.db, w)).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: engine.name === 'pglite' ? 40 : 20 },
    );
  });

  it("keeps each account's posted debits, credits and line count equal to what was posted (model property)", async () => {
    const wallets = await makeAccounts(database.db, 3, 'posted');
    const model = new Map(wallets.map((w) => [w, { debits: 0, credits: 0, lines: 0 }]));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            wallet: fc.integer({ min: 0, max: 2 }),
            amount: fc.integer({ min: 1, max: 5000 }),
            isDebit: fc.boolean(),
          }),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        async (ops) => {
          for (const op of ops) {
            const accountId = wallets[op.wallet]!;
            const key = `posted-${n++}`;
            const entry = op.isDebit ? debit(accountId, op.amount, key) : credit(accountId, op.amount, key);
            const posted = await database.db
              .transaction((tx) => postEntry(tx, entry))
              .catch((e: unknown) => {
                if (!(e instanceof LedgerError)) throw e;
                return null;
              });
            if (!posted) continue;
            const m = model.get(accountId)!;
            if (op.isDebit) m.debits += op.amount;
            else m.credits += op.amount;
            m.lines += 1;
          }
          const rows = await queryRows<{
            account_id: string;
            debits_posted_kobo: string;
            credits_posted_kobo: string;
            lines_posted: number;
            balance_kobo: string;
          }>(
            database.db,
            sql`select account_id, debits_posted_kobo, credits_posted_kobo, lines_posted, balance_kobo from ledger_accounts where account_id is not null`,
          );
          for (const w of wallets) {
            const row = rows.find((r) => r.account_id === w);
            const m = model.get(w)!;
            expect({
              debits: Number(row?.debits_posted_kobo ?? 0),
              credits: Number(row?.credits_posted_kobo ?? 0),
              lines: Number(row?.lines_posted ?? 0),
              balance: Number(row?.balance_kobo ?? 0),
            }).toEqual({ ...m, balance: m.credits - m.debits });
          }
        },
      ),
      { numRuns: engine.name === 'pglite' ? 30 : 15 },
    );
  });

  it('lets concurrent debits of one wallet take at most its balance', async () => {
    const [a] = await makeAccounts(database.db, 1, 'race');
    await database.db.transaction((tx) => postEntry(tx, credit(a!, 10_000, 'race-credit')));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        database.db.transaction((tx) => postEntry(tx, debit(a!, 3_000, `race-debit-${i}`))),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(3);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as LedgerError).code).toBe('insufficient_funds');
    expect(await walletBalanceKobo(database.db, a!)).toBe(1_000);
  });
});
