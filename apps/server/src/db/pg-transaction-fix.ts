import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { isDatabaseUnavailable } from './unavailable';

/**
 * Drizzle 0.45's node-postgres `transaction` sends BEGIN before its try/finally: when the connection is lost between
 * the checkout and BEGIN (a database restart, a failover), the pooled connection is never released. Each such loss
 * takes one connection from the pool for good, so after a few outages every request waits for a connection that never
 * comes, and at shutdown `pool.end()` waits for ever (found by the database-faults test, decision 0042). This is the
 * same method with BEGIN inside the try, and a connection lost on the way released as broken so the pool drops it.
 * Applied once, when db/client.ts is loaded; a Drizzle upgrade that fixes it upstream can drop this file.
 */
interface SessionInside {
  client: { connect(): Promise<unknown>; constructor: { name: string } };
  dialect: unknown;
  schema: unknown;
  options: unknown;
}
interface TransactionInside {
  execute(query: unknown): Promise<unknown>;
  getTransactionConfigSQL(config: unknown): unknown;
}
type Released = { release(error?: Error): void };

const Session = NodePgSession as unknown as new (
  client: unknown,
  dialect: unknown,
  schema: unknown,
  options: unknown,
) => SessionInside;
const Transaction = NodePgTransaction as unknown as new (
  dialect: unknown,
  session: unknown,
  schema: unknown,
) => TransactionInside;

(NodePgSession.prototype as unknown as { transaction: unknown }).transaction = async function transaction(
  this: SessionInside,
  work: (tx: TransactionInside) => Promise<unknown>,
  config?: unknown,
) {
  const pooled = this.client.constructor.name.includes('Pool');
  const session = pooled
    ? new Session(await this.client.connect(), this.dialect, this.schema, this.options)
    : this;
  const tx = new Transaction(this.dialect, session, this.schema);
  let lost: Error | undefined;
  try {
    await tx.execute(
      sql`begin${config ? sql` ${tx.getTransactionConfigSQL(config) as ReturnType<typeof sql>}` : undefined}`,
    );
    try {
      const result = await work(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      // A rollback on a lost connection fails too: the server has already rolled the transaction back.
      await tx.execute(sql`rollback`).catch((rollbackError: unknown) => {
        if (!isDatabaseUnavailable(rollbackError)) throw rollbackError;
      });
      throw error;
    }
  } catch (error) {
    if (isDatabaseUnavailable(error) && error instanceof Error) lost = error;
    throw error;
  } finally {
    if (pooled) (session.client as unknown as Released).release(lost);
  }
};
