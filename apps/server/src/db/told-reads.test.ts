import { describe, expect, it } from 'vitest';
import type { Tx } from './client';
import type { Param, PreparedStatement } from './prepared';
import { ToldReads, type TellableStatement } from './told-reads';

const db = {} as Tx;
const account = '7d0f8c8e-0000-4000-8000-000000000001';
const other = '7d0f8c8e-0000-4000-8000-000000000002';
const own: TellableStatement = { name: 'own', types: [], text: '' };
const global: TellableStatement = { name: 'global', types: [], text: '', global: true };
const inAnHour = () => new Date(Date.now() + 3600_000);
/** Lets every promise already resolved run its callbacks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A feed whose round trips the test answers, and a database that counts reads and answers what the test sets. */
function harness() {
  const trips: Array<(ok: boolean) => void> = [];
  const reads: Array<{ statement: string; params: readonly Param[]; answer: (rows: unknown[]) => void }> = [];
  let autoAnswer: (() => unknown[]) | null = () => [{ n: reads.length, session_expires_at: inAnHour() }];
  let autoTrip = true;
  const told = new ToldReads(
    {
      roundTrip: () =>
        autoTrip ? Promise.resolve(true) : new Promise<boolean>((resolve) => trips.push(resolve)),
    },
    <T>(_db: Tx, statement: PreparedStatement, params: readonly Param[]) =>
      new Promise<T[]>((resolve) => {
        const answer = (rows: unknown[]) => resolve(rows as T[]);
        reads.push({ statement: statement.name, params, answer });
        if (autoAnswer) answer(autoAnswer());
      }),
  );
  return {
    told,
    reads,
    trips,
    holdTrips: () => (autoTrip = false),
    holdReads: () => (autoAnswer = null),
    answerWith: (rows: () => unknown[]) => (autoAnswer = rows),
  };
}

describe('kept reads told by the database', () => {
  it('reads every call until the feed listens, then keeps a row until its account is told of', async () => {
    const { told, reads } = harness();
    await told.rows(db, own, [account, 's']);
    await told.rows(db, own, [account, 's']);
    expect(reads).toHaveLength(2);
    told.listening();
    const first = await told.rows(db, own, [account, 's']);
    expect(await told.rows(db, own, [account, 's'])).toBe(first);
    expect(reads).toHaveLength(3);
    // Another account's news leaves it; its own drops it; another session is another key.
    told.told(`a:${other}`);
    await told.rows(db, own, [account, 's']);
    expect(reads).toHaveLength(3);
    told.told(`a:${account}`);
    await told.rows(db, own, [account, 's']);
    expect(reads).toHaveLength(4);
    await told.rows(db, own, [account, 's2']);
    expect(reads).toHaveLength(5);
  });

  it('drops only what reads a global version on `g`, and everything on a word it does not know or on a loss', async () => {
    const { told, reads } = harness();
    told.listening();
    await told.rows(db, own, [account, 's']);
    await told.rows(db, global, [account, 's']);
    told.told('g');
    await told.rows(db, own, [account, 's']);
    await told.rows(db, global, [account, 's']);
    expect(reads.map((r) => r.statement)).toEqual(['own', 'global', 'global']);
    told.told(undefined);
    await told.rows(db, own, [account, 's']);
    expect(reads).toHaveLength(4);
    told.lost();
    await told.rows(db, own, [account, 's']);
    await told.rows(db, own, [account, 's']);
    expect(reads).toHaveLength(6);
  });

  it('does not keep an answer read while a change of its account was told, nor one read across a loss', async () => {
    const { told, reads, holdReads, answerWith } = harness();
    told.listening();
    holdReads();
    const during = told.rows(db, own, [account, 's']);
    await settle();
    told.told(`a:${account}`);
    reads[0]!.answer([{ n: 'old', session_expires_at: inAnHour() }]);
    expect(await during).toEqual([{ n: 'old', session_expires_at: expect.any(Date) }]);
    answerWith(() => [{ n: 'new', session_expires_at: inAnHour() }]);
    expect(await told.rows(db, own, [account, 's'])).toEqual([
      { n: 'new', session_expires_at: expect.any(Date) },
    ]);
    expect(reads).toHaveLength(2);

    holdReads();
    const across = told.rows(db, global, [account, 's']);
    await settle();
    told.lost();
    told.listening();
    reads[2]!.answer([{ n: 'read before the loss', session_expires_at: inAnHour() }]);
    await across;
    answerWith(() => [{ n: 'after', session_expires_at: inAnHour() }]);
    expect(await told.rows(db, global, [account, 's'])).toEqual([
      { n: 'after', session_expires_at: expect.any(Date) },
    ]);
  });

  it("keeps no refusal (no row) and nothing past the session's end", async () => {
    const { told, reads, answerWith } = harness();
    told.listening();
    answerWith(() => []);
    await told.rows(db, own, [account, 's']);
    await told.rows(db, own, [account, 's']);
    expect(reads).toHaveLength(2);
    answerWith(() => [{ session_expires_at: new Date(Date.now() - 1) }]);
    await told.rows(db, own, [account, 's']);
    await told.rows(db, own, [account, 's']);
    expect(reads).toHaveLength(4);
  });

  it('answers a call only after a round trip sent after it arrived; calls arriving together share one', async () => {
    const { told, trips, holdTrips } = harness();
    told.listening();
    await told.rows(db, own, [account, 's']);
    holdTrips();
    const settled: string[] = [];
    const first = told.rows(db, own, [account, 's']).then(() => settled.push('first'));
    await Promise.resolve();
    expect(trips).toHaveLength(1);
    // These arrive while the first trip is on its way: it may have left before them, so they wait for the next.
    const second = told.rows(db, own, [account, 's']).then(() => settled.push('second'));
    const third = told.rows(db, own, [account, 's']).then(() => settled.push('third'));
    await Promise.resolve();
    expect(trips).toHaveLength(1);
    trips[0]!(true);
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toEqual(['first']);
    expect(trips).toHaveLength(2);
    trips[1]!(true);
    await Promise.all([second, third]);
    expect(settled).toEqual(['first', 'second', 'third']);
    expect(trips).toHaveLength(2);
  });

  it('reads the database when the round trip fails (the feed is not listening)', async () => {
    const { told, reads, trips, holdTrips } = harness();
    told.listening();
    await told.rows(db, own, [account, 's']);
    holdTrips();
    const call = told.rows(db, own, [account, 's']);
    await Promise.resolve();
    trips[0]!(false);
    await call;
    expect(reads).toHaveLength(2);
  });
});
