import { planDifferences, planShapeProblems, type Plan, type Programme, DomainError } from '@coop/core';
import type { PlanVersionRow } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin, adminNameOf } from '../accounts/account-sql';
import { approvalCheckerOf, approvalStatusOf } from '../approvals/approval-store';
import { currentPlan } from './plan-book';

/** The rows of plan_versions with the state of their approval request, as the lifecycle reads them. */
export interface VersionRow {
  id: string | number;
  programme: Programme;
  status: 'draft' | 'submitted' | 'scheduled' | 'published' | 'superseded';
  version: number | null;
  based_on: number;
  plan: Plan;
  created_by: string | null;
  drafted_by_name: string | null;
  drafted_by_email: string | null;
  approved_by_name: string | null;
  approved_by_email: string | null;
  approval_request_id: string | number | null;
  approval_status: 'pending' | 'approved' | 'declined' | 'failed' | null;
  created_at: Date | string;
  updated_at: Date | string;
  effective_at: Date | string | null;
  publish_at: Date | string | null;
}

// Who drafted and who approved, by name and email, in the list's one statement (issue 35).
const columns = sql`v.id, v.programme, v.status, v.version, v.based_on, v.plan, v.created_by, v.approval_request_id,
  d.full_name as drafted_by_name, d.email as drafted_by_email, c.full_name as approved_by_name, c.email as approved_by_email,
  ${approvalStatusOf(sql`v.approval_request_id`)} as approval_status, v.created_at, v.updated_at, v.effective_at, v.publish_at
  from plan_versions v ${accountColumnsJoin('d', sql`v.created_by`, ['full_name', 'email'], 'left')}
  ${accountColumnsJoin('c', approvalCheckerOf(sql`v.approval_request_id`), ['full_name', 'email'], 'left')}`;

export async function findVersion(
  db: Tx,
  programme: Programme,
  id: number,
  options: { lock?: boolean } = {},
) {
  const [row] = await queryRows<VersionRow>(
    db,
    sql`select ${columns} where v.programme = ${programme} and v.id = ${id} ${options.lock ? sql`for update of v` : sql``}`,
  );
  if (!row) throw new DomainError('plan_version_unknown', 'There is no such plan version.');
  return row;
}

export async function listVersions(db: Tx, programme: Programme) {
  return queryRows<VersionRow>(
    db,
    sql`select ${columns} where v.programme = ${programme} order by v.version desc nulls first, v.id desc`,
  );
}

/**
 * A submitted version whose request was declined (or failed) is a draft again: its maker can change it and submit
 * again. A numbered version's status goes by time against the version in force (`inForce`, when known): a
 * scheduled one whose time has come is published, and the one it replaced superseded, before anyone tidies them.
 */
export const shownStatus = (row: VersionRow, inForce?: number): PlanVersionRow['status'] =>
  row.status === 'submitted' && (row.approval_status === 'declined' || row.approval_status === 'failed')
    ? 'declined'
    : row.version !== null && inForce !== undefined
      ? row.version === inForce
        ? 'published'
        : row.version > inForce
          ? 'scheduled'
          : 'superseded'
      : row.status;

/** A published version is what members were promised: it never changes. */
export function assertNotPublished(row: VersionRow) {
  if (row.status === 'published' || row.status === 'superseded' || row.status === 'scheduled')
    throw new DomainError(
      'plan_version_published',
      row.status === 'scheduled'
        ? `Version ${row.version} is approved to take effect later: cancel it to change it, or draft a new version.`
        : `Version ${row.version} is published and cannot be changed: draft a new version instead.`,
    );
}

/** Refuses what cannot be edited or submitted any more, with the reason. */
export function assertEditable(row: VersionRow) {
  assertNotPublished(row);
  const status = shownStatus(row);
  if (status === 'submitted')
    throw new DomainError(
      'plan_version_submitted',
      'This draft waits for a second administrator: it cannot change until the request is decided.',
    );
}

/** The body of a draft checked against the current version: same shape, and `version` is not the maker's to set. */
export async function checkedDraft(
  db: Tx,
  programme: Programme,
  body: Plan,
): Promise<{ plan: Plan; current: Plan }> {
  const current = await currentPlan(db, programme);
  const plan: Plan = { ...body, programme, version: 0 };
  const problems = planShapeProblems(current, plan);
  if (problems.length) throw new DomainError('plan_shape_invalid', problems.join(' '));
  return { plan, current };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The administrators' view of a version, with its differences against the one it replaces (a draft: the current one). */
export function versionView(row: VersionRow, replaced: Plan | undefined, inForce?: number): PlanVersionRow {
  return {
    id: Number(row.id),
    programme: row.programme,
    status: shownStatus(row, inForce),
    version: row.version,
    basedOn: row.based_on,
    plan: row.plan,
    differences: replaced ? planDifferences(replaced, row.plan) : [],
    createdBy: row.created_by,
    draftedBy: adminNameOf(row.drafted_by_name, row.drafted_by_email),
    approvedBy: adminNameOf(row.approved_by_name, row.approved_by_email),
    approvalId: row.approval_request_id === null ? null : Number(row.approval_request_id),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    effectiveAt: iso(row.effective_at),
    publishAt: iso(row.publish_at),
  };
}
