import { randomUUID } from 'node:crypto';
import { formatNaira, DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { standingAdministratorCount } from '../accounts/account-store';
import { lagosDateTime } from '../../lib/lagos-time';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { SignedInAccount } from '../../plugins/auth';
import { recordAudit } from '../audit/record-audit';
import type { ApprovalAct, ApprovalActs, ApprovalDeps } from './approval-acts';
import { tellOtherAdministrators } from './approval-notices';
import {
  approvalView,
  findApproval,
  findApprovalByKey,
  findPendingBySubject,
  insertApproval,
  overlapsOf,
  setHeld,
} from './approval-store';

// The database keeps a JSON object's keys in its own order, so payloads are compared key by key.
const canonical = (value: unknown): string =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
        .join(',')}}`
    : JSON.stringify(value);
const samePayload = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Whether acts need a second administrator here. With approvals on (the default), always. A deployment that says it
 * has one administrator (SINGLE_ADMIN_APPROVAL) completes them at once, until its sole administrator invites a second
 * one from the admin area: from the accepted invitation on, while two administrators exist (a suspended one counts:
 * nobody is the only administrator while another exists, decision 0038), approvals apply without a restart (0027).
 */
export async function needsSecondAdministrator({
  config,
  db,
  approvalActs,
}: {
  config: Pick<Config, 'approvals'>;
  db: Db;
  approvalActs: Pick<ApprovalActs, 'invitationAcceptedSql'>;
}): Promise<boolean> {
  if (!config.approvals.singleAdmin) return true;
  const [row] = await queryRows<{ apply: boolean }>(
    db,
    sql`select ${approvalActs.invitationAcceptedSql()}
               and ${standingAdministratorCount()} >= 2 as apply`,
  );
  return row!.apply === true;
}

/**
 * Records an act that waits for a second administrator; nothing else moves until one approves. The act checks
 * and describes itself first (freezing what the maker sees, for acts that move money); the request, its audit
 * row and the mails to the other administrators commit together. `idempotencyKey` is the maker's submission:
 * the same key again answers the first request. While a request for the same subject (a month's run, a
 * member's cash-out) waits, asking again answers that request instead of making a second one.
 */
export async function requestApproval<Payload>(
  deps: ApprovalDeps,
  maker: SignedInAccount,
  act: ApprovalAct<Payload>,
  payload: Payload,
  idempotencyKey: string | undefined,
) {
  const description = await act.describe(deps, maker, payload);
  const preview = description.preview ?? null;
  const ask = {
    kind: act.kind,
    payload: payload as unknown as Record<string, unknown>,
    summary: description.summary,
    targetAccountId: description.targetAccountId,
    amountKobo: preview
      ? preview.lines.reduce((sum, line) => sum + line.amountKobo, 0)
      : description.amountKobo,
    preview,
    subjectKey: act.subjectKey(payload, description),
    idempotencyKey: `${act.keyPrefix}:${idempotencyKey ?? randomUUID()}`,
    makerAccountId: maker.id,
    noticeHours: act.notice?.hours(deps) ?? null,
  };
  const { approval, alreadyWaiting } = await deps.db.transaction(async (tx) => {
    const id = await insertApproval(tx, ask);
    if (id === null) return { approval: await earlierRequest(tx, ask), alreadyWaiting: true };
    // What approval will use is set aside with the request (a cash-out's wallet money): a refusal here makes no request.
    const held = act.hold ? await act.hold(payload, { approvalId: id, maker }, tx) : null;
    if (held) await setHeld(tx, id, held.heldKobo);
    await recordAudit(tx, {
      actorAccountId: maker.id,
      action: 'approval_requested',
      targetAccountId: ask.targetAccountId,
      details: {
        approvalId: id,
        kind: ask.kind,
        summary: ask.summary,
        amountKobo: ask.amountKobo,
        payments: preview?.lines.length ?? null,
        heldKobo: held?.heldKobo ?? null,
      },
    });
    const row = (await findApproval(tx, id))!;
    await tellOtherAdministrators(tx, row, false);
    return { approval: row, alreadyWaiting: false };
  });
  const view = approvalView(
    approval,
    (await overlapsOf(deps.db, [Number(approval.id)])).get(Number(approval.id)),
  );
  const waiting = view.takesEffectAt
    ? `It takes effect on ${lagosDateTime(new Date(view.takesEffectAt))} (Lagos time) unless an administrator other than you and the one it concerns declines it first; such an administrator may also approve it sooner. Every administrator is mailed.`
    : approval.held_kobo !== null
      ? `${formatNaira(Number(approval.held_kobo))} is set aside from ${view.target ? `${view.target.fullName}'s` : 'the member’s'} wallet meanwhile; nothing else happens until another administrator approves it on the Approvals page, and a decline or a withdrawal gives it back.`
      : `Nothing happens until another administrator approves it on the Approvals page.`;
  return {
    status: 202 as const,
    alreadyWaiting,
    message: alreadyWaiting
      ? `Request #${view.id} for this already waits for a second administrator: ${view.summary}. No new request was made. ${waiting}`
      : view.takesEffectAt
        ? `Request #${view.id} is made: ${view.summary}. ${waiting}`
        : `Request #${view.id} is waiting for a second administrator: ${view.summary}. ${waiting}`,
    approval: view,
  };
}

/** The request that took this submission's key, or the one that waits for the same subject. */
async function earlierRequest(
  tx: Tx,
  ask: {
    kind: string;
    payload: unknown;
    subjectKey: string | null;
    idempotencyKey: string;
    makerAccountId: string;
  },
) {
  const sameKey = await findApprovalByKey(tx, ask.idempotencyKey);
  if (sameKey) {
    if (
      sameKey.kind !== ask.kind ||
      sameKey.maker_account_id !== ask.makerAccountId ||
      !samePayload(sameKey.payload, ask.payload)
    )
      throw new DomainError(
        'idempotency_conflict',
        'This request key was already used for another act. Reload the form and try again.',
      );
    return sameKey;
  }
  const sameSubject = ask.subjectKey ? await findPendingBySubject(tx, ask.subjectKey) : undefined;
  // Decided between the insert and this read: asking again makes a new request.
  if (!sameSubject)
    throw new DomainError(
      'approval_just_decided',
      'The earlier request for this was decided a moment ago. Reload the page and ask again if it is still needed.',
    );
  return sameSubject;
}
