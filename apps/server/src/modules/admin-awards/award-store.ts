import { awardDueStatus, toNairaString, type Programme } from '@coop/core';
import type { Tx } from '../../db/client';
import { awardRows, type AwardRow, type AwardStatus } from '../engine/award-store';
import { awardLabel } from '../member/award-labels';

/** The API's view of an award entitlement: naira at the edge, the plan's own label, ISO dates. */
export function awardView({ award, fullName, email }: AwardRow, now = new Date()) {
  return {
    id: award.id,
    programme: award.programme,
    fullName,
    email,
    kind: award.kind,
    label: awardLabel(award.programme, award.kind),
    stage: award.stage,
    installment: award.installment,
    value: toNairaString(award.valueKobo),
    description: award.description,
    status: award.status,
    dueAt: award.dueAt.toISOString(),
    dueStatus: awardDueStatus(award, now),
    createdAt: award.createdAt.toISOString(),
    deliveredAt: award.deliveredAt?.toISOString() ?? null,
  };
}

/** Award entitlements for the administrators, in the API's view. */
export async function listAwards(
  db: Tx,
  options: { status?: AwardStatus; programme?: Programme; limit: number; offset: number },
) {
  const { total, rows } = await awardRows(db, options);
  return { total, items: rows.map((row) => awardView(row)) };
}
