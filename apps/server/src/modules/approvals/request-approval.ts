import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/rows';
import type { SignedInAccount } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import type { ApprovalAct } from './approval-acts';
import { approvalView, findApproval, findApprovalByKey, insertApproval } from './approval-store';

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
 * one from the admin area: from the accepted invitation on, while two administrators are active, approvals apply
 * without a restart (decision 0027).
 */
export async function needsSecondAdministrator(app: FastifyInstance): Promise<boolean> {
  if (!app.config.approvals.singleAdmin) return true;
  const [row] = await queryRows<{ apply: boolean }>(
    app.db,
    sql`select exists (select 1 from admin_invitations where accepted_at is not null)
               and (select count(*) from accounts where programme = 'main' and role = 'admin' and status = 'active') >= 2 as apply`,
  );
  return row!.apply === true;
}

/**
 * Records an act that waits for a second administrator; nothing else moves until one approves. The act checks
 * and describes itself first; the request and its audit row commit together. `idempotencyKey` is the maker's
 * submission: the same key again answers the first request instead of asking twice.
 */
export async function requestApproval<Payload>(
  app: FastifyInstance,
  maker: SignedInAccount,
  act: ApprovalAct<Payload>,
  payload: Payload,
  idempotencyKey: string | undefined,
) {
  const description = await act.describe(app, maker, payload);
  const ask = { kind: act.kind, payload, ...description, idempotencyKey: `${act.keyPrefix}:${idempotencyKey ?? randomUUID()}` };
  const approval = await app.db.transaction(async (tx) => {
    const id = await insertApproval(tx, { ...ask, payload: payload as unknown as Record<string, unknown>, makerAccountId: maker.id });
    if (id === null) {
      const earlier = (await findApprovalByKey(tx, ask.idempotencyKey))!;
      if (earlier.kind !== ask.kind || earlier.maker_account_id !== maker.id || !samePayload(earlier.payload, ask.payload))
        throw new HttpError(409, 'This request key was already used for another act. Reload the form and try again.', 'idempotency_conflict');
      return earlier;
    }
    await recordAudit(tx, {
      actorAccountId: maker.id,
      action: 'approval_requested',
      targetAccountId: ask.targetAccountId,
      details: { approvalId: id, kind: ask.kind, summary: ask.summary, amountKobo: ask.amountKobo },
    });
    return (await findApproval(tx, id))!;
  });
  const view = approvalView(approval);
  return {
    status: 202 as const,
    message: `Request #${view.id} is waiting for a second administrator: ${view.summary}. Nothing happens until another administrator approves it on the Approvals page.`,
    approval: view,
  };
}
