import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either so callers decide the transaction's extent. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** What the database layer writes to the log: pino's (details, message) shape, so the app hands in app.log. */
export interface DatabaseLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
