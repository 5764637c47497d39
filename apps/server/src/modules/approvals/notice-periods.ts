import { DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import type { ApprovalDeps } from './approval-acts';
import { queryRows } from '../../db/rows';
import { activeAdministrators, contactOf } from '../accounts/account-store';
import type { SignedInAccount } from '../../plugins/auth';
import { isRefusal } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { mailAdministrators } from '../notifications/mail-queue';
import { findApproval, settleApproval, type ApprovalRow } from './approval-store';

/** How often the job looks for requests whose notice has ended. */
const NOTICE_SWEEP_MS = 5 * 60_000;

const approvalPath = (id: number) => `/adminapprovals/${id}`;

/** Every administrator who can read mail from the admin area (active), each told the same thing. */
async function mailEveryAdministrator(tx: Tx, subject: string, paragraphs: string[], path: string) {
  const admins = await activeAdministrators(tx);
  await mailAdministrators(tx, admins, { subject, paragraphs, action: { label: 'See the request', path } });
}

/**
 * The administrator a request concerns declines it: that is an objection, not a decline. It is kept on the request
 * (the latest one), audited and mailed to every administrator, and the request still waits: otherwise the person
 * being removed could keep the role for ever by declining (decision 0038).
 */
export async function recordObjection(tx: Tx, row: ApprovalRow, objector: SignedInAccount, reason: string) {
  await tx.execute(
    sql`update approval_requests set objection = ${reason}, objected_at = now() where id = ${row.id}`,
  );
  await recordAudit(tx, {
    actorAccountId: objector.id,
    action: 'approval_objection',
    targetAccountId: row.target_account_id,
    details: {
      approvalId: Number(row.id),
      kind: row.kind,
      summary: row.summary,
      reason,
      makerAccountId: row.maker_account_id,
    },
  });
  await mailEveryAdministrator(
    tx,
    `Objection to request #${row.id}`,
    [
      `${objector.fullName} objects to request #${row.id} from ${row.maker_name}: ${row.summary}.`,
      `The objection: ${reason}`,
      `An objection does not stop the request. An administrator other than ${row.maker_name} and ${objector.fullName} may decline it on the Approvals page${row.takes_effect_at ? ' before it takes effect' : ''}.`,
    ],
    approvalPath(Number(row.id)),
  );
}

const refused = (error: unknown): error is DomainError => error instanceof DomainError && isRefusal(error);

/** The maker as the acts expect a signed-in administrator. */
async function makerOf(tx: Tx, makerId: string): Promise<SignedInAccount> {
  const row = await contactOf(tx, makerId);
  return {
    id: row!.id,
    programme: 'main',
    role: 'admin',
    email: row!.email,
    fullName: row!.fullName,
    sessionId: '',
  };
}

/**
 * Carries out each waiting request whose notice has ended, with no checker: the request row is locked (a decline or an
 * approval at the same moment waits, then finds it decided), the act runs in a savepoint, and the request, its audit
 * row and the mails to every administrator commit together. An act that refuses (the target was removed meanwhile)
 * leaves the request failed with the reason. Answers how many requests it decided.
 */
async function carryOutDueRequests(deps: ApprovalDeps, now: Date) {
  const due = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from approval_requests where status = 'pending' and takes_effect_at is not null and takes_effect_at <= ${now} order by takes_effect_at, id`,
  );
  let decided = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const row = await findApproval(tx, Number(id), { lock: true });
      if (!row || row.status !== 'pending' || !row.takes_effect_at || new Date(row.takes_effect_at) > now)
        return false;
      const notice = deps.approvalActs.of(row.kind).notice;
      if (!notice) return false;
      const context = {
        deps,
        maker: await makerOf(tx, row.maker_account_id),
        askedAt: new Date(row.created_at),
      };
      try {
        const result = await tx.transaction((inner) => notice.carryOut(row.payload, context, inner));
        await settleApproval(tx, Number(row.id), {
          status: 'approved',
          checkerAccountId: null,
          result: { ...result, byNotice: true },
        });
        await recordAudit(tx, {
          actorAccountId: null,
          action: 'approval_took_effect',
          targetAccountId: row.target_account_id,
          details: {
            approvalId: Number(row.id),
            kind: row.kind,
            summary: row.summary,
            makerAccountId: row.maker_account_id,
            objection: row.objection,
          },
        });
        await mailEveryAdministrator(
          tx,
          `Done after the notice: request #${row.id}`,
          [
            `Request #${row.id} from ${row.maker_name} took effect at the end of its notice, as nobody declined it: ${row.summary}.`,
          ],
          approvalPath(Number(row.id)),
        );
      } catch (error) {
        if (!refused(error)) throw error;
        await settleApproval(tx, Number(row.id), {
          status: 'failed',
          checkerAccountId: null,
          failureReason: error.message,
        });
        await recordAudit(tx, {
          actorAccountId: null,
          action: 'approval_failed',
          targetAccountId: row.target_account_id,
          details: {
            approvalId: Number(row.id),
            kind: row.kind,
            reason: error.message,
            byNotice: true,
          },
        });
      }
      return true;
    });
    if (done) decided += 1;
  }
  return decided;
}

export function scheduleNoticePeriods(app: FastifyInstance) {
  app.jobs.add({
    name: 'approval-notice-periods',
    everyMs: NOTICE_SWEEP_MS,
    run: (now) => carryOutDueRequests(app, now),
  });
}
