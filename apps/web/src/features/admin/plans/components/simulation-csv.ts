import { toNairaString } from '@coop/core';
import type { PlanSimulationReportBody } from '@coop/core/contracts';
import { saveFile } from '../../../../lib/save-file';

type Version = PlanSimulationReportBody['draft'];
const cell = (value: string | number) =>
  /[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value);
const row = (...values: (string | number)[]) => values.map(cell).join(',');

/** The report's figures as one CSV: a section per table, both versions side by side, naira as decimal strings. */
export function simulationCsv(report: PlanSimulationReportBody): string {
  const versions: Version[] = [report.draft, report.current];
  const lines = [row('section', 'item', 'draft', 'plan in force')];
  const both = (section: string, item: string, pick: (v: Version) => string | number) =>
    lines.push(row(section, item, ...versions.map(pick)));
  const totals = [
    'feesInKobo',
    'bonusesAccruedKobo',
    'healthFeesKobo',
    'paidOutKobo',
    'awardsCostKobo',
    'owedUnpaidKobo',
  ] as const;
  for (const key of totals)
    both('totals', key.replace(/Kobo$/, ' (naira)'), (v) => toNairaString(v.totals[key]));
  both('totals', 'payout ratio', (v) => v.totals.payoutRatio.toFixed(4));
  both('totals', 'payments placed', (v) => v.totals.joins);
  for (const [i] of report.current.months.entries()) {
    const monthKeys = [
      'joins',
      'feesInKobo',
      'bonusesAccruedKobo',
      'paidOutKobo',
      'awardsCostKobo',
      'owedUnpaidKobo',
      'cashHeldKobo',
    ] as const;
    for (const key of monthKeys)
      both(`month ${i + 1}`, key.replace(/Kobo$/, ' (naira)'), (v) =>
        key === 'joins' ? v.months[i]![key] : toNairaString(v.months[i]![key]),
      );
  }
  // The year beyond joins (decision 0063), when the report has it: totals, then month by month.
  const years = [report.draft.year, report.current.year];
  if (years[0] && years[1]) {
    const [draftYear, currentYear] = years;
    const yearKeys = [
      'awardsDelivered',
      'awardsDeliveredKobo',
      'grantApplications',
      'grantsApproved',
      'grantsKobo',
      'cashOuts',
      'cashOutsKobo',
      'heldForSuspensionsKobo',
      'forgoneKobo',
      'cashOutflowKobo',
    ] as const;
    const value = (key: (typeof yearKeys)[number], amount: number) =>
      key.endsWith('Kobo') ? toNairaString(amount) : amount;
    const label = (key: string) => key.replace(/Kobo$/, ' (naira)');
    for (const key of [...yearKeys, 'awardsOwedKobo', 'heldAtEndKobo', 'walletsAtEndKobo'] as const)
      lines.push(
        row(
          'year totals',
          label(key),
          ...[draftYear, currentYear].map((y) =>
            key.endsWith('Kobo') ? toNairaString(y.totals[key]) : y.totals[key],
          ),
        ),
      );
    lines.push(
      row(
        'year totals',
        'cost ratio with grants',
        ...[draftYear, currentYear].map((y) => y.totals.costRatio.toFixed(4)),
      ),
    );
    for (const [i, month] of currentYear.months.entries())
      for (const key of yearKeys)
        lines.push(
          row(
            `year month ${month.month}`,
            label(key),
            value(key, draftYear.months[i]![key]),
            value(key, month[key]),
          ),
        );
  }
  for (const award of report.current.awardsByKind.length
    ? report.current.awardsByKind
    : report.draft.awardsByKind)
    both('awards owed', `${award.label} (naira at estimated cost)`, (v) =>
      toNairaString(v.awardsByKind.find((a) => a.kind === award.kind)?.costKobo ?? 0),
    );
  for (const [i, stage] of report.current.stages.entries())
    both('positions per stage', `${stage.programme} ${stage.name}`, (v) => v.stages[i]?.positions ?? 0);
  both('earnings', 'members', (v) => v.earnings.members);
  both('earnings', 'share whose cash reaches their fee', (v) => v.earnings.shareReachingFee.toFixed(4));
  both('earnings', 'share at 0', (v) => v.earnings.shareAtZero.toFixed(4));
  both('earnings', 'median received (naira)', (v) => toNairaString(v.earnings.medianReceivedKobo));
  both('earnings', '90th percentile received (naira)', (v) => toNairaString(v.earnings.p90ReceivedKobo));
  for (const [i, band] of report.current.earnings.bands.entries())
    both('earnings band', band.band, (v) => v.earnings.bands[i]!.members);
  return `${lines.join('\n')}\n`;
}

/** Saves the CSV the browser made from the figures on screen (nothing more is asked of the server). */
export function downloadSimulationCsv(report: PlanSimulationReportBody, name: string) {
  saveFile(new Blob([simulationCsv(report)], { type: 'text/csv' }), name);
}
