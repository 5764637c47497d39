import { requestAnswerDueAt, type Programme, DomainError } from '@coop/core';
import type {
  AnswerPrivacyRequestInput,
  NewPrivacyRequestInput,
  PrivacyRequest,
  PrivacyRequestKind,
} from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import { contactOf } from '../accounts/account-store';
import { accountIdsByEmail } from '../accounts/privacy-fields';
import { recordAudit } from '../audit/record-audit';

type Status = PrivacyRequest['status'];

/**
 * Enters a request the platform received itself (a My Data download, a member's correction, an erasure request) in
 * the register (decision 0030), in the caller's transaction: answered at once when the platform did it there and then.
 */
export async function enterPlatformRequest(
  tx: Tx,
  input: {
    accountId: string;
    kind: PrivacyRequestKind;
    details: string;
    status: Status;
    answer?: string;
    now?: Date;
  },
): Promise<number> {
  const now = input.now ?? new Date();
  const answered = input.status === 'answered' || input.status === 'refused';
  const member = await contactOf(tx, input.accountId);
  if (!member) throw new Error(`no account ${input.accountId}`);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into privacy_requests (kind, source, account_id, requester, details, received_at, due_at, status, answer, answered_at)
        values (${input.kind}, 'platform', ${member.id}, ${`${member.fullName} <${member.email}>`}, ${input.details}, ${now}, ${requestAnswerDueAt(now)},
               ${input.status}, ${input.answer ?? ''}, ${answered ? now : null})
        returning id`,
  );
  return Number(row!.id);
}

/** Closes a member's open platform requests of one kind with the answer (an erasure carried out, an export mailed). */
export async function answerPlatformRequests(
  tx: Tx,
  where: { accountId: string; kind: PrivacyRequestKind } | { id: number },
  answer: string,
) {
  const match =
    'id' in where ? sql`id = ${where.id}` : sql`account_id = ${where.accountId} and kind = ${where.kind}`;
  await tx.execute(sql`update privacy_requests set status = 'answered', answer = ${answer}, answered_at = now()
    where ${match} and status in ('received', 'in_progress')`);
}

interface Row {
  id: number;
  kind: PrivacyRequest['kind'];
  source: PrivacyRequest['source'];
  account_id: string | null;
  programme: Programme | null;
  requester: string;
  details: string;
  received_at: Date | string;
  due_at: Date | string;
  status: Status;
  answer: string;
  answered_at: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The register, newest first; open requests past their due date are marked overdue. */
export async function listRequests(tx: Tx, now: Date): Promise<PrivacyRequest[]> {
  const rows = await queryRows<Row>(
    tx,
    sql`select r.id, r.kind, r.source, r.account_id, a.programme, r.requester, r.details, r.received_at, r.due_at, r.status, r.answer, r.answered_at
        from privacy_requests r ${accountColumnsJoin('a', sql`r.account_id`, ['programme'], 'left')}
        order by r.received_at desc, r.id desc limit 500`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    source: r.source,
    accountId: r.account_id,
    programme: r.programme,
    requester: r.requester,
    details: r.details,
    receivedAt: iso(r.received_at),
    dueAt: iso(r.due_at),
    status: r.status,
    answer: r.answer,
    answeredAt: r.answered_at ? iso(r.answered_at) : null,
    overdue: (r.status === 'received' || r.status === 'in_progress') && new Date(r.due_at) < now,
  }));
}

/** A request received by mail, letter or phone; the account is found by its email when one is given. */
export async function addOperatorRequest(tx: Tx, input: NewPrivacyRequestInput, actorAccountId: string) {
  const receivedAt = new Date(input.receivedAt);
  let accountId: string | null = null;
  if (input.accountEmail) {
    const accounts = await accountIdsByEmail(tx, input.accountEmail.trim().toLowerCase());
    if (accounts.length === 0)
      throw new DomainError(
        'account_unknown',
        'No account uses this email address. Leave it empty if the person has no account.',
      );
    accountId = accounts[0]!;
  }
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into privacy_requests (kind, source, account_id, requester, details, received_at, due_at, entered_by)
        values (${input.kind}, 'operator', ${accountId}, ${input.requester.trim()}, ${input.details.trim()}, ${receivedAt}, ${requestAnswerDueAt(receivedAt)}, ${actorAccountId})
        returning id`,
  );
  await recordAudit(tx, {
    actorAccountId,
    action: 'privacy_request_entered',
    targetAccountId: accountId,
    details: { requestId: Number(row!.id), kind: input.kind },
  });
  return Number(row!.id);
}

export async function answerRequest(
  tx: Tx,
  id: number,
  input: AnswerPrivacyRequestInput,
  actorAccountId: string,
) {
  const closed = input.status === 'answered' || input.status === 'refused';
  const [row] = await queryRows<{ account_id: string | null }>(
    tx,
    sql`update privacy_requests set status = ${input.status}, answer = ${input.answer.trim()},
          answered_at = ${closed ? sql`coalesce(answered_at, now())` : null}
        where id = ${id} returning account_id`,
  );
  if (!row) throw new DomainError('request_unknown', 'No such request in the register.');
  await recordAudit(tx, {
    actorAccountId,
    action: 'privacy_request_answered',
    targetAccountId: row.account_id,
    details: { requestId: id, status: input.status },
  });
}
