import {
  monthlyJoins,
  type PlanSimulationReport,
  type SimulationInputs,
  type VersionFigures,
} from '@coop/core';
import type { SimulationHeadline } from '@coop/core/contracts';

/** The sizes a plan approval reads (issue 36): a young programme and a large one. */
export const HEADLINE_MEMBERS = [1_000, 100_000] as const;

/**
 * The maker's assumptions at another size: the same months, shape and behaviour, the first month's joins scaled so
 * that the new members in all come to about `members` (each month is rounded, so a few more or fewer).
 */
export function sizedInputs(inputs: SimulationInputs, members: number): SimulationInputs {
  const planned = monthlyJoins(inputs).reduce((sum, n) => sum + n, 0);
  const joinsPerMonth = Math.max(1, Math.round((inputs.joinsPerMonth * members) / Math.max(1, planned)));
  return { ...inputs, joinsPerMonth };
}

/**
 * One size's headline from a report: the payout ratio, the cash in members' wallets at the end (credited net of the
 * health fee, grants included, not paid out or cashed out) and the awards earned and not handed over yet, at cost,
 * each per new member simulated. The last two come from the whole-year figures (decision 0063); a report without
 * them (before it) counts every award earned and no cash-out.
 */
export function headlineSize(
  report: PlanSimulationReport,
  target: number,
): SimulationHeadline['sizes'][number] {
  const members = report.newMembersPerMonth.reduce((sum, n) => sum + n, 0);
  const per = (kobo: number) => (members === 0 ? 0 : Math.round(kobo / members));
  const figures = ({ totals, year }: VersionFigures) => ({
    payoutRatio: totals.payoutRatio,
    cashOwedPerMemberKobo: per(
      year?.totals.walletsAtEndKobo ?? totals.bonusesAccruedKobo - totals.healthFeesKobo - totals.paidOutKobo,
    ),
    awardsOwedPerMemberKobo: per(year?.totals.awardsOwedKobo ?? totals.awardsCostKobo),
  });
  return {
    members: target,
    simulatedMembers: members,
    draft: figures(report.draft),
    current: figures(report.current),
  };
}
