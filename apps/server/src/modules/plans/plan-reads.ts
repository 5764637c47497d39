import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { HttpError } from '../../plugins/errors';
import { currentPlan, publishedPlan, publishedVersionRow } from './plan-book';
import { listVersions, versionView } from './plan-versions';

export async function publicVersion(db: Db, programme: Programme, version: number | 'current') {
  const plan = await publishedVersionRow(db, programme, version);
  if (!plan)
    throw new HttpError(
      404,
      `The ${programme} plan has no published version ${version}.`,
      'plan_version_unknown',
    );
  return plan;
}

/** The version the member's latest position joined under; before paying, the current one (what they would join under). */
export async function memberPlan(db: Db, accountId: string, programme: Programme) {
  const [position] = await queryRows<{ plan_version: number }>(
    db,
    sql`select plan_version from positions where account_id = ${accountId} order by id desc limit 1`,
  );
  const current = await currentPlan(db, programme);
  const plan = (await publishedVersionRow(db, programme, position ? position.plan_version : 'current'))!;
  return { ...plan, joinedUnder: position ? position.plan_version : null, currentVersion: current.version };
}

/** Every version, newest first, each with its differences against the version it replaced (drafts: the current one). */
export async function planVersions(db: Db, programme: Programme) {
  const rows = await listVersions(db, programme);
  const current = await currentPlan(db, programme);
  const items = await Promise.all(
    rows.map(async (row) => {
      const replaced =
        row.version === null
          ? current
          : row.version > 1
            ? await publishedPlan(db, programme, row.version - 1)
            : undefined;
      return versionView(row, replaced);
    }),
  );
  return { programme, currentVersion: current.version, items };
}
