import { DomainError } from '@coop/core';
import type { Programme } from '@coop/core';
import type { Db } from '../../db/client';
import { currentPlan, publishedPlan, publishedVersionRow, versionBesideInForce } from './plan-book';
import type { PlanMatrix } from './plan-matrix';
import { listVersions, versionView } from './plan-versions';

export async function publicVersion(db: Db, programme: Programme, version: number | 'current') {
  const plan = await publishedVersionRow(db, programme, version);
  if (!plan)
    throw new DomainError(
      'plan_version_unknown',
      `The ${programme} plan has no published version ${version}.`,
    );
  return plan;
}

/** The version the member's latest position joined under; before paying, the current one (what they would join under). */
export async function memberPlan(db: Db, accountId: string, programme: Programme, matrix: PlanMatrix) {
  const joinedUnder = await matrix.joinedVersion(db, accountId);
  const { plan, currentVersion } = (await versionBesideInForce(db, programme, joinedUnder ?? 'current'))!;
  return { ...plan, joinedUnder, currentVersion };
}

/** Every version, newest first, each with its differences against the version it replaced (drafts: the current one). */
export async function planVersions(db: Db, programme: Programme) {
  const rows = await listVersions(db, programme);
  // Statuses go by time against the version in force (decision 0062), whatever the stored status says.
  const current = await currentPlan(db, programme);
  const items = await Promise.all(
    rows.map(async (row) => {
      const replaced =
        row.version === null
          ? current
          : row.version > 1
            ? await publishedPlan(db, programme, row.version - 1)
            : undefined;
      return versionView(row, replaced, current.version);
    }),
  );
  return { programme, currentVersion: current.version, items };
}
