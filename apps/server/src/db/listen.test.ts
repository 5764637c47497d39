import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { listenWithReconnect } from './listen';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A pool of one connection whose sessions' process ids are `pids`, in turn, for each `pg_backend_pid()` asked. */
function poolOf(pids: number[]) {
  const asked: string[] = [];
  const client = Object.assign(new EventEmitter(), {
    query: async (text: string) => {
      asked.push(text);
      return text.startsWith('LISTEN') ? { rows: [] } : { rows: [{ pid: pids.shift() }] };
    },
    release: () => {},
  });
  return { pool: { connect: async () => client } as unknown as pg.Pool, asked };
}

describe('the connection that listens for changes', () => {
  it('is caught up when the round trip runs in the session that took the LISTEN', async () => {
    const { pool, asked } = poolOf([41, 41, 41]);
    const listener = listenWithReconnect(pool, 'told_reads', () => {}, quiet);
    expect(await listener.connect()).toBe(true);
    expect(await listener.roundTrip()).toBe('caught up');
    expect(await listener.roundTrip()).toBe('caught up');
    expect(asked[0]).toBe('LISTEN "told_reads"');
  });

  it('says so when a pooler ran the round trip in another session, where notifications do not come', async () => {
    const { pool } = poolOf([41, 41, 57]);
    const listener = listenWithReconnect(pool, 'told_reads', () => {}, quiet);
    await listener.connect();
    expect(await listener.roundTrip()).toBe('caught up');
    expect(await listener.roundTrip()).toBe('not one session');
  });

  it('is not listening before it connects', async () => {
    const { pool } = poolOf([41]);
    const listener = listenWithReconnect(pool, 'told_reads', () => {}, quiet);
    expect(await listener.roundTrip()).toBe('not listening');
  });

  it('gives a connection back once when the database goes away during its LISTEN (the end event comes first)', async () => {
    let released = 0;
    const client = new EventEmitter();
    Object.assign(client, {
      // As node-postgres does when the server is stopped: the connection ends, then the query in flight fails.
      query: async () => {
        client.emit('end');
        throw new Error('Connection terminated unexpectedly');
      },
      release: () => {
        released += 1;
        // pg-pool throws on a second release; in the detached reconnect this ended the platform's process.
        if (released > 1)
          throw new Error('Release called on client which has already been released to the pool.');
      },
    });
    const pool = { connect: async () => client } as unknown as pg.Pool;
    const listener = listenWithReconnect(pool, 'told_reads', () => {}, quiet);
    await expect(listener.connect()).resolves.toBe(false);
    expect(released).toBe(1);
    await listener.stop();
  });
});
