import { toNairaString, type Programme } from '@coop/core';
import type { Approval } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { APPROVAL_KINDS, APPROVAL_STATUSES } from '../../db/schema';

export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export interface ApprovalRow {
  id: string;
  kind: ApprovalKind;
  status: ApprovalStatus;
  payload: Record<string, unknown>;
  summary: string;
  amount_kobo: string | null;
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
  single_admin: boolean;
  created_at: string | Date;
  decided_at: string | Date | null;
}

const selectApprovals = sql`
  select r.id, r.kind, r.status, r.payload, r.summary, r.amount_kobo, r.idempotency_key,
         r.maker_account_id, mk.full_name as maker_name, mk.email as maker_email,
         r.checker_account_id, ck.full_name as checker_name, ck.email as checker_email,
         r.target_account_id, tg.full_name as target_name, tg.email as target_email, tg.programme as target_programme,
         r.decline_reason, r.failure_reason, r.result, r.single_admin, r.created_at, r.decided_at
  from approval_requests r
  join accounts mk on mk.id = r.maker_account_id
  left join accounts ck on ck.id = r.checker_account_id
  left join accounts tg on tg.id = r.target_account_id`;

export async function findApproval(tx: Tx, id: number, options: { lock?: boolean } = {}) {
  // The row lock is what makes a decision happen once: a second checker (or a double click) waits, then sees it decided.
  if (options.lock) await queryRows(tx, sql`select id from approval_requests where id = ${id} for update`);
  const [row] = await queryRows<ApprovalRow>(tx, sql`${selectApprovals} where r.id = ${id}`);
  return row;
}

export async function findApprovalByKey(tx: Tx, idempotencyKey: string) {
  const [row] = await queryRows<ApprovalRow>(tx, sql`${selectApprovals} where r.idempotency_key = ${idempotencyKey}`);
  return row;
}

export async function listApprovals(tx: Tx, options: { status?: ApprovalStatus; limit: number; offset: number }) {
  const where = options.status ? sql`where r.status = ${options.status}` : sql``;
  const rows = await queryRows<ApprovalRow>(
    tx,
    sql`${selectApprovals} ${where} order by (r.status = 'pending') desc, r.created_at desc, r.id desc limit ${options.limit} offset ${options.offset}`,
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
  idempotencyKey: string;
  makerAccountId: string;
}

/** Inserts the request once per key; null when the key was already used (the caller answers the first request). */
export async function insertApproval(tx: Tx, input: NewApproval): Promise<number | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into approval_requests (kind, payload, summary, target_account_id, amount_kobo, idempotency_key, maker_account_id)
        values (${input.kind}, ${JSON.stringify(input.payload)}::jsonb, ${input.summary}, ${input.targetAccountId}, ${input.amountKobo},
                ${input.idempotencyKey}, ${input.makerAccountId})
        on conflict (idempotency_key) do nothing returning id`,
  );
  return row ? Number(row.id) : null;
}

export async function settleApproval(
  tx: Tx,
  id: number,
  change: { status: Exclude<ApprovalStatus, 'pending'>; checkerAccountId: string; singleAdmin?: boolean; declineReason?: string; failureReason?: string; result?: Record<string, unknown> },
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

export const approvalView = (row: ApprovalRow): Approval => ({
  id: Number(row.id),
  kind: row.kind,
  status: row.status,
  summary: row.summary,
  amount: row.amount_kobo === null ? null : toNairaString(Number(row.amount_kobo)),
  maker: { id: row.maker_account_id, fullName: row.maker_name, email: row.maker_email },
  checker: row.checker_account_id ? { id: row.checker_account_id, fullName: row.checker_name!, email: row.checker_email! } : null,
  target: row.target_account_id
    ? { id: row.target_account_id, fullName: row.target_name!, email: row.target_email!, programme: row.target_programme! }
    : null,
  declineReason: row.decline_reason,
  failureReason: row.failure_reason,
  singleAdmin: row.single_admin,
  createdAt: iso(row.created_at),
  decidedAt: row.decided_at ? iso(row.decided_at) : null,
});
