import type { SQL } from 'drizzle-orm';
import type { Tx } from './db-types';

/** Raw SQL for the few statements Drizzle's builder cannot say (array updates, ON CONFLICT RETURNING); rows typed by the caller. */
export async function queryRows<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
