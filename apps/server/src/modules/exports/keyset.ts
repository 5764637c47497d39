/**
 * Rows of a query one page at a time, each page starting after the last row's key, so an export of any size
 * holds one page in memory and never re-reads what it skipped (unlike OFFSET). Works the same on PGlite and
 * PostgreSQL, where a server-side cursor would need the pg driver's own API.
 */
export async function* keysetRows<T, K>(
  fetchPage: (after: K | null, limit: number) => Promise<T[]>,
  keyOf: (row: T) => K,
  pageSize = 1000,
): AsyncGenerator<T> {
  let after: K | null = null;
  for (;;) {
    const rows = await fetchPage(after, pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
