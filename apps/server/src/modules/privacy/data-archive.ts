import { stringify } from 'csv-stringify/sync';
import { strToU8, zip, type Zippable } from 'fflate';
import { csvCell } from '../../lib/csv-cell';
import type { MemberData } from './member-data';

type Row = Record<string, unknown>;

/** One CSV per list, columns from the first row's keys; nested lists (a payout's attempts) get their own file. */
function csv(rows: Row[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  const cell = (v: unknown) =>
    v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : csvCell(String(v));
  return stringify(
    rows.map((r) => columns.map((c) => cell(r[c]))),
    { header: true, columns, bom: true },
  );
}

/** The files of the download: everything as one JSON file, and the same as CSV files a spreadsheet opens. */
export function archiveFiles(data: MemberData): Zippable {
  const { payouts, consents, profile, bankDetails, ...lists } = data;
  const files: Zippable = {
    'my-data.json': strToU8(JSON.stringify(data, null, 2)),
    'profile.csv': strToU8(
      csv(
        Object.entries({ ...profile, ...consents, mailsTurnedOff: consents.mailsTurnedOff }).map(
          ([field, value]) => ({ field, value }),
        ),
      ),
    ),
    'bank-details.csv': strToU8(
      csv(bankDetails ? Object.entries(bankDetails).map(([field, value]) => ({ field, value })) : []),
    ),
    'payouts.csv': strToU8(csv(payouts.map(({ attempts: _attempts, ...p }) => p))),
    'payout-attempts.csv': strToU8(
      csv(payouts.flatMap((p) => p.attempts.map((a) => ({ payoutReference: p.reference, ...a })))),
    ),
  };
  for (const [name, rows] of Object.entries(lists)) {
    if (!Array.isArray(rows)) continue;
    files[`${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.csv`] = strToU8(csv(rows as Row[]));
  }
  return files;
}

/**
 * The zip, compressed by fflate's worker threads: a long history is deflated off the event loop, so other
 * requests are served meanwhile.
 */
export function zipArchive(data: MemberData): Promise<Uint8Array> {
  return new Promise((resolve, reject) =>
    zip(archiveFiles(data), { level: 6 }, (error, out) => (error ? reject(error) : resolve(out))),
  );
}
