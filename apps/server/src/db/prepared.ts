import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Tx } from './db-types';
import { queryRows } from './rows';

/**
 * A hot read, parsed and planned once per connection instead of on every call (decision 0015): on PGlite the
 * planning of a statement with a few sub-selects costs more than running it. `text` uses $1..$n; `types`
 * names each parameter's type.
 */
export interface PreparedStatement {
  name: string;
  types: readonly string[];
  text: string;
}

export type Param = string | number | boolean;

const preparedOn = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

/** EXECUTE takes no bound parameters, so PGlite's are written as literals (strings quoted, numbers checked). */
function literal(value: Param): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

async function onPglite<T>(
  client: PGlite,
  statement: PreparedStatement,
  params: readonly Param[],
): Promise<T[]> {
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Map()));
  let ready = prepared.get(statement.name);
  if (!ready) {
    ready = client.exec(`prepare ${statement.name}(${statement.types.join(', ')}) as ${statement.text}`);
    prepared.set(statement.name, ready);
    ready.catch(() => prepared.delete(statement.name));
  }
  await ready;
  const result = await client.query<T>(`execute ${statement.name}(${params.map(literal).join(', ')})`);
  return result.rows;
}

/** Inside a transaction (no client of its own), the same text as an ordinary statement. */
function asSql(statement: PreparedStatement, params: readonly Param[]): SQL {
  const parts = statement.text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
  return sql.join(chunks);
}

export async function preparedRows<T>(
  db: Tx,
  statement: PreparedStatement,
  params: readonly Param[],
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) return onPglite<T>(client, statement, params);
  if (client instanceof pg.Pool) {
    const result = await client.query({ name: statement.name, text: statement.text, values: [...params] });
    return result.rows as T[];
  }
  return queryRows<T>(db, asSql(statement, params));
}
