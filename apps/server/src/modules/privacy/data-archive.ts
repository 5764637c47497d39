import { setImmediate as nextTurn } from 'node:timers/promises';
import { csvCell } from '../../lib/csv-cell';
import { zipArchive } from '../../lib/zip-archive';
import type { MemberData } from './member-data';

type Row = Record<string, unknown>;

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const cell = (v: unknown) =>
  quote(v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : csvCell(String(v)));

/** One CSV (with a byte-order mark, so spreadsheets read UTF-8), columns from the first row's keys; formulas disarmed. */
export function csv(rows: Row[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  return `\uFEFF${[columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\r\n')}\r\n`;
}

const fileName = (list: string) => `${list.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.csv`;

/**
 * The files of the download: everything as one JSON file, and each list as a CSV a spreadsheet opens (a payout's
 * attempts in their own file). Made one file per turn of the event loop, so a long history never holds it.
 */
export async function archiveFiles(data: MemberData): Promise<Record<string, string>> {
  const { payouts, consents, profile, bankDetails, ...lists } = data;
  const files: Record<string, string> = { 'my-data.json': JSON.stringify(data, null, 2) };
  files['profile.csv'] = csv(
    Object.entries({
      ...profile,
      termsVersion: consents.termsVersion,
      termsAcceptedAt: consents.termsAcceptedAt,
      mailsTurnedOff: consents.mailsTurnedOff,
    }).map(([field, value]) => ({ field, value })),
  );
  files['bank-details.csv'] = csv(
    bankDetails ? Object.entries(bankDetails).map(([field, value]) => ({ field, value })) : [],
  );
  files['payouts.csv'] = csv(payouts.map(({ attempts: _attempts, ...p }) => p));
  files['payout-attempts.csv'] = csv(
    payouts.flatMap((p) => p.attempts.map((a) => ({ payoutReference: p.reference, ...a }))),
  );
  for (const [name, rows] of Object.entries(lists)) {
    if (!Array.isArray(rows)) continue;
    await nextTurn();
    files[fileName(name)] = csv(rows as Row[]);
  }
  return files;
}

/** The zip of those files, deflated on libuv's thread pool (lib/zip-archive). */
export async function memberDataZip(data: MemberData): Promise<Buffer> {
  return zipArchive(await archiveFiles(data), new Date(data.generatedAt));
}
