import { toNairaString, type Programme } from '@coop/core';
import type { Approval, ApprovalDetail, ApprovalSimulation } from '@coop/core/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import type { APPROVAL_STATUSES } from '../../db/schema';
import type { ApprovalKind, FrozenPreview, LeftOutLine } from './approval-acts';

export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export interface ApprovalRow {
  id: string;
  kind: ApprovalKind;
  status: ApprovalStatus;
  payload: Record<string, unknown>;
  summary: string;
  amount_kobo: string | null;
  /** The frozen lines; read only for one request (a list reads their count). */
  preview: FrozenPreview | null;
  preview_count: number | null;
  subject_key: string | null;
  idempotency_key: string;
  maker_account_id: string;
  maker_name: string;
  maker_email: string;
  checker_account_id: string | null;
  checker_name: string | null;
  checker_email: string | null;
  target_account_id: string | null;
  target_name: string | null;
  target_email: string | null;
  target_programme: Programme | null;
  decline_reason: string | null;
  failure_reason: string | null;
  result: Record<string, unknown> | null;
  held_kobo: string | null;
  single_admin: boolean;
  created_at: string | Date;
  decided_at: string | Date | null;
  takes_effect_at: string | Date | null;
  objection: string | null;
  objected_at: string | Date | null;
  /** What the act's owner adds for the card (a plan version: its simulation), read by lists and the detail only. */
  card?: ApprovalSimulation | null;
}

// A payout run's preview holds a line per payee: lists read only how many.
const selectApprovals = (withPreview: boolean, card: SQL = sql`null::jsonb`) => sql`
  select ${card} as card, r.id, r.kind, r.status, r.payload, r.summary, r.amount_kobo, ${withPreview ? sql`r.preview` : sql`null::jsonb as preview`},
         jsonb_array_length(r.preview->'lines') as preview_count, r.subject_key, r.idempotency_key,
         r.maker_account_id, mk.full_name as maker_name, mk.email as maker_email,
         r.checker_account_id, ck.full_name as checker_name, ck.email as checker_email,
         r.target_account_id, tg.full_name as target_name, tg.email as target_email, tg.programme as target_programme,
         r.decline_reason, r.failure_reason, r.result, r.held_kobo, r.single_admin, r.created_at, r.decided_at,
         r.takes_effect_at, r.objection, r.objected_at
  from approval_requests r
  ${accountColumnsJoin('mk', sql`r.maker_account_id`, ['full_name', 'email'])}
  ${accountColumnsJoin('ck', sql`r.checker_account_id`, ['full_name', 'email'], 'left')}
  ${accountColumnsJoin('tg', sql`r.target_account_id`, ['full_name', 'email', 'programme'], 'left')}`;

/** The status of the request `requestIdSql` names, as a column of another module's statement (null without one). */
export const approvalStatusOf = (requestIdSql: SQL) =>
  sql`(select r.status from approval_requests r where r.id = ${requestIdSql})`;

/**
 * The account id of the administrator who approved the request `requestIdSql` names, as a column of another module's
 * statement (null while it waits, when declined, or completed by its maker alone): a plan version's "approved by".
 */
export const approvalCheckerOf = (requestIdSql: SQL) =>
  sql`(select r.checker_account_id from approval_requests r where r.id = ${requestIdSql} and r.status = 'approved')`;

export async function findApproval(tx: Tx, id: number, options: { lock?: boolean; card?: SQL } = {}) {
  // The row lock is what makes a decision happen once: a second checker (or a double click) waits, then sees it decided.
  if (options.lock) await queryRows(tx, sql`select id from approval_requests where id = ${id} for update`);
  const [row] = await queryRows<ApprovalRow>(
    tx,
    sql`${selectApprovals(true, options.card)} where r.id = ${id}`,
  );
  return row;
}

export async function findApprovalByKey(tx: Tx, idempotencyKey: string) {
  const [row] = await queryRows<ApprovalRow>(
    tx,
    sql`${selectApprovals(false)} where r.idempotency_key = ${idempotencyKey}`,
  );
  return row;
}

/** The requests of one kind that wait, oldest first (the administrators page lists the invitations asked for). */
export function pendingOfKind(tx: Tx, kind: ApprovalKind) {
  return queryRows<ApprovalRow>(
    tx,
    sql`${selectApprovals(false)} where r.kind = ${kind} and r.status = 'pending' order by r.created_at`,
  );
}

/**
 * The waiting requests of one kind about the account `targetIdSql` names, as a left join of another module's statement
 * under `alias` (columns id, maker_account_id, created_at, takes_effect_at, objection): the administrators list
 * shows each one's pending removal in its own statement.
 */
export const pendingRequestAbout = (alias: string, kind: ApprovalKind, targetIdSql: SQL) =>
  sql`left join lateral (select id, maker_account_id, created_at, takes_effect_at, objection from approval_requests
        where kind = ${kind} and status = 'pending' and target_account_id = ${targetIdSql}) ${sql.raw(alias)} on true`;

/**
 * The request waiting for the subject `subjectKeySql` names (SQL text), as a left join of another module's statement
 * under `alias` (columns id, created_at): the disputes list shows an acceptance waiting for its second administrator.
 */
export const pendingRequestForSubject = (alias: string, subjectKeySql: SQL) =>
  sql`left join lateral (select id, created_at from approval_requests
        where subject_key = ${subjectKeySql} and status = 'pending' limit 1) ${sql.raw(alias)} on true`;

/**
 * Declines every request this maker left waiting, with the reason (an administrator removed: their requests must not
 * be carried out by anyone else's approval); answers their ids.
 */
export function declinePendingOfMaker(tx: Tx, makerId: string, reason: string) {
  return queryRows<{ id: string }>(
    tx,
    sql`update approval_requests set status = 'declined', decline_reason = ${reason}, decided_at = now()
        where status = 'pending' and maker_account_id = ${makerId} returning id`,
  );
}

/** The request that waits for this subject, if one does. */
export async function findPendingBySubject(tx: Tx, subjectKey: string) {
  const [row] = await queryRows<ApprovalRow>(
    tx,
    sql`${selectApprovals(false)} where r.subject_key = ${subjectKey} and r.status = 'pending'`,
  );
  return row;
}

/** Requests waiting that this administrator may decide (not their own): the count on the admin menu. */
export async function countWaitingFor(tx: Tx, adminId: string) {
  const [row] = await queryRows<{ n: string }>(
    tx,
    sql`select count(*) as n from approval_requests where status = 'pending' and maker_account_id <> ${adminId}`,
  );
  return Number(row!.n);
}

export async function listApprovals(
  tx: Tx,
  options: { status?: ApprovalStatus; limit: number; offset: number; card?: SQL },
) {
  const where = options.status ? sql`where r.status = ${options.status}` : sql``;
  const rows = await queryRows<ApprovalRow>(
    tx,
    sql`${selectApprovals(false, options.card)} ${where} order by (r.status = 'pending') desc, r.created_at desc, r.id desc limit ${options.limit} offset ${options.offset}`,
  );
  const [count] = await queryRows<{ total: string }>(
    tx,
    sql`select count(*) as total from approval_requests r ${options.status ? sql`where r.status = ${options.status}` : sql``}`,
  );
  return { total: Number(count!.total), items: rows };
}

export interface NewApproval {
  kind: ApprovalKind;
  payload: Record<string, unknown>;
  summary: string;
  targetAccountId: string | null;
  amountKobo: number | null;
  preview: FrozenPreview | null;
  subjectKey: string | null;
  idempotencyKey: string;
  makerAccountId: string;
  /** A notice period in hours: the request takes effect at its end unless declined (decision 0038). */
  noticeHours?: number | null;
}

/**
 * Inserts the request once per key, and once per subject while one waits; null when either was taken (the caller
 * answers the earlier request). With no conflict target, the partial unique index on pending subjects counts too:
 * a concurrent request for the same subject waits for the first to commit, then finds it taken.
 */
export async function insertApproval(tx: Tx, input: NewApproval): Promise<number | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into approval_requests (kind, payload, summary, target_account_id, amount_kobo, preview, subject_key, idempotency_key, maker_account_id, takes_effect_at)
        values (${input.kind}, ${JSON.stringify(input.payload)}::jsonb, ${input.summary}, ${input.targetAccountId}, ${input.amountKobo},
                ${input.preview ? JSON.stringify(input.preview) : null}::jsonb, ${input.subjectKey}, ${input.idempotencyKey}, ${input.makerAccountId},
                ${input.noticeHours ? sql`now() + make_interval(secs => ${Math.round(input.noticeHours * 3600)}::int)` : null})
        on conflict do nothing returning id`,
  );
  return row ? Number(row.id) : null;
}

/** What the act set aside from a wallet when the request was made (decision 0040). */
export async function setHeld(tx: Tx, id: number, heldKobo: number) {
  await tx.execute(sql`update approval_requests set held_kobo = ${heldKobo} where id = ${id}`);
}

/** A member a waiting request names who is also named by other waiting requests. */
export interface Overlap {
  accountId: string;
  fullName: string;
  requests: { id: number; kind: ApprovalKind; summary: string }[];
}

/**
 * For each of these requests still waiting, the members its frozen preview names that another waiting request names
 * too (a cash-out and a payout run's list, two cash-outs...): one wallet pays both, so the checker is warned. The
 * acts say whom a request names through their preview lines' accountId.
 */
export async function overlapsOf(tx: Tx, ids: number[]): Promise<Map<number, Overlap[]>> {
  const byRequest = new Map<number, Overlap[]>();
  if (ids.length === 0) return byRequest;
  const rows = await queryRows<{
    id: string;
    account_id: string;
    full_name: string;
    other_id: string;
    other_kind: ApprovalKind;
    other_summary: string;
  }>(
    tx,
    sql`with named as (
          select distinct r.id, r.kind, r.summary, l->>'accountId' as account_id
          from approval_requests r
          cross join lateral jsonb_array_elements(case when jsonb_typeof(r.preview->'lines') = 'array' then r.preview->'lines' else '[]'::jsonb end) l
          where r.status = 'pending' and l->>'accountId' is not null
        )
        select a.id, a.account_id, m.full_name, b.id as other_id, b.kind as other_kind, b.summary as other_summary
        from named a
        join named b on b.account_id = a.account_id and b.id <> a.id
        ${accountColumnsJoin('m', sql`a.account_id::uuid`, ['full_name'])}
        where a.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by a.id, m.full_name, a.account_id, b.id`,
  );
  for (const row of rows) {
    const list = byRequest.get(Number(row.id)) ?? [];
    let member = list.find((o) => o.accountId === row.account_id);
    if (!member) list.push((member = { accountId: row.account_id, fullName: row.full_name, requests: [] }));
    member.requests.push({ id: Number(row.other_id), kind: row.other_kind, summary: row.other_summary });
    byRequest.set(Number(row.id), list);
  }
  return byRequest;
}

export async function settleApproval(
  tx: Tx,
  id: number,
  change: {
    status: Exclude<ApprovalStatus, 'pending'>;
    checkerAccountId: string | null;
    singleAdmin?: boolean;
    declineReason?: string;
    failureReason?: string;
    result?: Record<string, unknown>;
  },
) {
  await tx.execute(
    sql`update approval_requests set status = ${change.status}, checker_account_id = coalesce(checker_account_id, ${change.checkerAccountId}),
        single_admin = single_admin or ${change.singleAdmin ?? false}, decline_reason = ${change.declineReason ?? null},
        failure_reason = ${change.failureReason ?? null}, result = ${change.result ? JSON.stringify(change.result) : null}::jsonb,
        decided_at = coalesce(decided_at, now())
        where id = ${id}`,
  );
}

const iso = (value: string | Date) => new Date(value).toISOString();

const leftOutOf = (result: Record<string, unknown> | null): LeftOutLine[] =>
  Array.isArray(result?.leftOut)
    ? (result.leftOut as LeftOutLine[]).map(({ fullName, reason }) => ({ fullName, reason }))
    : [];

export const approvalView = (row: ApprovalRow, overlaps: Overlap[] = []): Approval => ({
  id: Number(row.id),
  kind: row.kind,
  status: row.status,
  summary: row.summary,
  amount: row.amount_kobo === null ? null : toNairaString(Number(row.amount_kobo)),
  count: row.preview_count === null ? null : Number(row.preview_count),
  hasPreview: row.preview_count !== null,
  leftOut: leftOutOf(row.result),
  held: row.held_kobo === null ? null : toNairaString(Number(row.held_kobo)),
  overlaps: row.status === 'pending' ? overlaps : [],
  maker: { id: row.maker_account_id, fullName: row.maker_name, email: row.maker_email },
  checker: row.checker_account_id
    ? { id: row.checker_account_id, fullName: row.checker_name!, email: row.checker_email! }
    : null,
  target: row.target_account_id
    ? {
        id: row.target_account_id,
        fullName: row.target_name!,
        email: row.target_email!,
        programme: row.target_programme!,
      }
    : null,
  declineReason: row.decline_reason,
  failureReason: row.failure_reason,
  singleAdmin: row.single_admin,
  createdAt: iso(row.created_at),
  decidedAt: row.decided_at ? iso(row.decided_at) : null,
  takesEffectAt: row.takes_effect_at ? iso(row.takes_effect_at) : null,
  objection: row.objection && row.objected_at ? { reason: row.objection, at: iso(row.objected_at) } : null,
  simulation: row.card ?? null,
});

/** The request with the preview its maker saw (naira at the edge). */
export const approvalDetailView = (row: ApprovalRow, overlaps: Overlap[] = []): ApprovalDetail => ({
  approval: approvalView(row, overlaps),
  preview: row.preview
    ? {
        total: toNairaString(row.preview.lines.reduce((sum, line) => sum + line.amountKobo, 0)),
        count: row.preview.lines.length,
        lines: row.preview.lines.map((line) => ({
          accountId: line.accountId,
          fullName: line.fullName,
          email: line.email,
          bankName: line.bankName,
          accountNumberLast4: line.accountNumberLast4,
          previousBankName: line.previousBankName ?? null,
          previousAccountNumberLast4: line.previousAccountNumberLast4 ?? null,
          bankDetailsSavedAt: line.bankDetailsSavedAt ?? null,
          amount: toNairaString(line.amountKobo),
        })),
      }
    : null,
});
