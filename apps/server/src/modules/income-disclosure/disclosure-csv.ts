import { programmeName, toNairaString } from '@coop/core';
import type { IncomeDisclosure } from '@coop/core/contracts';
import { stringify } from 'csv-stringify/sync';
import { csvCell } from '../../lib/csv-cell';

/** The statement as a CSV: one figure a row, naira as decimal strings, shares as fractions. */
export function incomeDisclosureCsv(d: IncomeDisclosure): string {
  const rows: [string, string, string][] = [
    ['statement', 'programme', programmeName(d.programme)],
    ['statement', 'year', String(d.year)],
    ['members', 'members who paid in the year', String(d.members)],
    ['money', 'fees paid (naira)', toNairaString(d.feesPaidKobo)],
    ['money', 'cash bonuses received by them (naira)', toNairaString(d.receivedKobo)],
    [
      'money',
      'cash bonuses received by members who paid before the year (naira)',
      toNairaString(d.receivedByEarlierMembersKobo),
    ],
    ...d.bands.flatMap((b): [string, string, string][] => [
      ['band', `${b.label}: members`, String(b.members)],
      ['band', `${b.label}: share`, b.share.toFixed(4)],
    ]),
    ['earnings', 'median received (naira)', toNairaString(d.medianReceivedKobo)],
    ['earnings', 'mean received (naira)', toNairaString(d.meanReceivedKobo)],
    ['earnings', 'median received less the fee (naira)', toNairaString(d.medianNetKobo)],
    ['earnings', 'mean received less the fee (naira)', toNairaString(d.meanNetKobo)],
    ['earnings', 'share who received nothing', d.shareAtZero.toFixed(4)],
    ['earnings', 'share whose cash reached their fee', d.shareReachingFee.toFixed(4)],
    ...d.awardsDelivered.map((a): [string, string, string] => [
      'awards delivered',
      a.label,
      `${a.count} (${toNairaString(a.valueKobo)} naira)`,
    ]),
  ];
  return stringify([['section', 'figure', 'value'], ...rows.map((r) => r.map(csvCell))]);
}
