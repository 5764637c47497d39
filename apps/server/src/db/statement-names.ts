import pg from 'pg';

/**
 * Statements sent again and again are prepared once per connection (decision 0065). Drizzle sends every statement
 * unnamed, so PostgreSQL parses and plans it on every call: about a third of its CPU per join in the saturation
 * benchmark (issue 38). A named statement is parsed once per connection, and after five calls PostgreSQL may keep a
 * generic plan; the answers are the same.
 *
 * Named: a statement with parameters, from its second sighting in this process (a one-off text takes no place in
 * every connection's memory), up to `limit` texts in all, so the connections' prepared statements stay bounded.
 * Never named: a statement that selects or returns `*`. Its result's shape follows the table, and a prepared one
 * fails ("cached plan must not change result type") once a migration adds a column, as the next version's does
 * during a rolling restart while this one still serves. Such statements name their columns instead.
 */
export function statementNamer(limit: number) {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return (text: string): string | undefined => {
    const named = names.get(text);
    if (named) return named;
    if (names.size >= limit || SELECTS_STAR.test(text)) return undefined;
    if (!seenOnce.has(text)) {
      // Texts seen once are forgotten now and then: those that come back are named, the others were one-offs.
      if (seenOnce.size >= limit * 10) seenOnce.clear();
      seenOnce.add(text);
      return undefined;
    }
    seenOnce.delete(text);
    const name = `coop_s${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

/** `select * from`, `returning *`, `p.*` (not `count(*)`, nor `$2 * interval '1 second'`). */
const SELECTS_STAR = /(?:^|[\s,])(?:"?\w+"?\.)?\*(?=\s*(?:,|\)|$|from\b))/i;

/**
 * A prepared statement costs its connection about 30 KB of the database server's memory (measured with
 * pg_log_backend_memory_contexts during the saturation benchmark), so 150 is about 5 MB per connection at most. A
 * member's and a join's statements, repeated from the first minutes, number about 40; the whole test suite, every
 * feature, about 500 (decision 0065).
 */
export const NAMED_STATEMENTS_LIMIT = 150;

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/** A connection class for pg.Pool's `Client` option that names what it sends by `nameFor`. */
export function namingClient(nameFor: (text: string) => string | undefined) {
  return class NamingClient extends pg.Client {
    // pg.Client's query is a set of overloads: every form passes through unchanged but for the name.
    override query(...args: QueryArgs): never {
      const [config, values] = args;
      const query = typeof config === 'string' ? { text: config } : config;
      if (typeof query === 'object' && query !== null && 'text' in query && typeof query.text === 'string') {
        const withValues =
          (Array.isArray(values) && values.length > 0) ||
          ('values' in query && Array.isArray(query.values) && query.values.length > 0);
        const name = withValues && !('name' in query && query.name) ? nameFor(query.text) : undefined;
        if (name) args[0] = { ...query, name };
      }
      return (super.query as (...a: QueryArgs) => never)(...args);
    }
  };
}

/** The platform's connections: one namer for the process, so a text has one name on every connection. */
export const NamingClient = namingClient(statementNamer(NAMED_STATEMENTS_LIMIT));
