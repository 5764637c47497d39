import { Readable, pipeline, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Streams records into CSV as the client reads them: backpressure pauses the database pages. A failure half
 * way ends the download cut short (the client sees an incomplete file, never a silently complete-looking one)
 * and is logged.
 */
export function csvStream(
  records: AsyncIterable<string[]>,
  columns: string[],
  log: FastifyBaseLogger,
): Transform {
  const out = stringify({ header: true, columns, bom: true });
  pipeline(Readable.from(records), out, (error) => {
    if (error) log.error({ err: error }, 'a CSV export failed part way');
  });
  return out;
}
