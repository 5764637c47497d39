import { DomainError } from '@coop/core';
import type { Db, Tx } from '../../db/client';
import { contactOf } from '../accounts/account-store';
import type { SignedInAccount } from '../../plugins/auth';
import { isRefusal } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { isEnrolled } from '../two-factor/two-factor-service';
import { recordObjection } from './notice-periods';
import type { ApprovalDeps, ReleaseContext } from './approval-acts';
import { tellMakerNotCarriedOut } from './approval-notices';
import { approvalView, findApproval, settleApproval, type ApprovalRow } from './approval-store';

const WORD = {
  approved: 'approved',
  declined: 'declined',
  failed: 'approved but could not be carried out',
} as const;

function assertDecidable(
  deps: ApprovalDeps,
  row: ApprovalRow | undefined,
  checker: SignedInAccount,
  decision: 'approve' | 'decline',
): asserts row is ApprovalRow {
  if (!row) throw new DomainError('approval_unknown', 'There is no such approval request.');
  if (row.status !== 'pending') {
    const by = row.checker_name ? ` by ${row.checker_name}` : '';
    throw new DomainError('approval_decided', `Request #${row.id} was already ${WORD[row.status]}${by}.`);
  }
  if (decision === 'decline') return;
  if (row.maker_account_id === checker.id)
    throw new DomainError(
      'own_request',
      'You asked for this yourself: a second administrator must approve it.',
    );
  if (deps.approvalActs.of(row.kind).concernsAdministrator && row.target_account_id === checker.id)
    throw new DomainError(
      'own_admin_request',
      'This request concerns your own administrator account: an administrator other than you and its maker decides it. You may object.',
    );
  deps.approvalActs.of(row.kind).assertCheckerMay?.({ targetAccountId: row.target_account_id }, checker.id);
}

async function lockPending(
  deps: ApprovalDeps,
  tx: Tx,
  id: number,
  checker: SignedInAccount,
  decision: 'approve' | 'decline',
) {
  const row = await findApproval(tx, id, { lock: true });
  assertDecidable(deps, row, checker, decision);
  // An approval counts only from an administrator whose sign-in needs a second factor (decision 0038).
  if (decision === 'approve' && !(await isEnrolled(tx, checker.id)))
    throw new DomainError(
      'two_factor_not_enrolled',
      'Set up two-factor sign-in first (Two-factor sign-in in the admin menu): an approval counts only from an administrator with a second factor.',
    );
  return row;
}

// A transaction is a database handle too (its own transaction() opens a savepoint); the acts take the handle.
const handle = (tx: Tx) => tx as Db;

/** The maker as the services expect a signed-in administrator. */
async function makerAccount(tx: Tx, makerId: string): Promise<SignedInAccount> {
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

/** What the maker saw and when: the act carries out that, not what the data says now. */
const frozen = (row: ApprovalRow) => ({ preview: row.preview, askedAt: new Date(row.created_at) });

/** The act refused (a domain error answered with 4xx): the request is marked failed; anything else is a bug. */
const refused = (error: unknown): error is DomainError => error instanceof DomainError && isRefusal(error);

/** What the request set aside goes back (once: the row moves from pending once, under its lock), in the decision's transaction. */
const releaseHeld = (
  deps: ApprovalDeps,
  tx: Tx,
  row: ApprovalRow,
  outcome: ReleaseContext['outcome'],
  reason: string,
) =>
  deps.approvalActs
    .of(row.kind)
    .release?.(row.payload, { approvalId: Number(row.id), outcome, reason }, tx) ?? Promise.resolve(null);

async function markFailed(
  deps: ApprovalDeps,
  tx: Tx,
  row: ApprovalRow,
  checker: SignedInAccount,
  error: DomainError,
) {
  await settleApproval(tx, Number(row.id), {
    status: 'failed',
    checkerAccountId: checker.id,
    failureReason: error.message,
  });
  const released = await releaseHeld(deps, tx, row, 'failed', error.message);
  await recordAudit(tx, {
    actorAccountId: checker.id,
    action: 'approval_failed',
    targetAccountId: row.target_account_id,
    details: { approvalId: Number(row.id), kind: row.kind, reason: error.message, released },
  });
  await tellMakerNotCarriedOut(tx, row, checker, error.message, released);
}

const failedAnswer = (id: number, error: DomainError) =>
  new DomainError(
    error.code,
    `Request #${id} could not be carried out: ${error.message} It is marked failed; nothing was done, and anything it set aside is back where it was.`,
    error.details,
  );

/**
 * A second administrator approves: the request moves from pending once, under a row lock, and the act runs.
 * Acts that only write to the database run inside that same transaction, so "approved" and the act commit
 * together; a payout run goes after (it calls the bank) and relies on its once-per-month key. A refusal by the
 * act itself (the wallet no longer holds the amount...) leaves the request failed, with the reason.
 */
export async function approveRequest(deps: ApprovalDeps, checker: SignedInAccount, id: number) {
  let failure: DomainError | undefined;
  const decided = await deps.db.transaction(async (tx) => {
    const row = await lockPending(deps, tx, id, checker, 'approve');
    const act = deps.approvalActs.of(row.kind);
    // Refused here, the request still waits: its maker can put it right (decision 0061).
    await act.assertApprovable?.(row.payload, deps, tx);
    let result: Record<string, unknown> | undefined;
    if (act.inApprovalTransaction) {
      const context = {
        ...frozen(row),
        deps,
        maker: await makerAccount(tx, row.maker_account_id),
        checkerId: checker.id,
      };
      try {
        result = await tx.transaction((inner) => act.carryOut(row.payload, context, handle(inner)));
      } catch (error) {
        if (!refused(error)) throw error;
        failure = error;
        await markFailed(deps, tx, row, checker, failure);
        return row;
      }
    }
    await settleApproval(tx, id, { status: 'approved', checkerAccountId: checker.id, result });
    await recordAudit(tx, {
      actorAccountId: checker.id,
      action: 'approval_approved',
      targetAccountId: row.target_account_id,
      details: { approvalId: id, kind: row.kind, summary: row.summary, makerAccountId: row.maker_account_id },
    });
    return row;
  });
  if (failure) throw failedAnswer(id, failure);
  if (!deps.approvalActs.of(decided.kind).inApprovalTransaction)
    await runAfterApproval(deps, checker, decided);
  return approvalView((await findApproval(deps.db, id))!);
}

async function runAfterApproval(deps: ApprovalDeps, checker: SignedInAccount, row: ApprovalRow) {
  const maker = await makerAccount(deps.db, row.maker_account_id);
  try {
    const result = await deps.approvalActs
      .of(row.kind)
      .carryOut(row.payload, { ...frozen(row), deps, maker, checkerId: checker.id }, deps.db);
    await deps.db.transaction((tx) =>
      settleApproval(tx, Number(row.id), { status: 'approved', checkerAccountId: checker.id, result }),
    );
  } catch (error) {
    if (!refused(error)) throw error;
    await deps.db.transaction((tx) => markFailed(deps, tx, row, checker, error));
    throw failedAnswer(Number(row.id), error);
  }
}

/**
 * Declines with a reason: the act is not carried out, and what the request set aside goes back. The maker may
 * withdraw their own request this way too.
 */
export async function declineRequest(
  deps: ApprovalDeps,
  checker: SignedInAccount,
  id: number,
  reason: string,
) {
  await deps.db.transaction(async (tx) => {
    const row = await lockPending(deps, tx, id, checker, 'decline');
    // The administrator a request concerns objects; the request still waits (decision 0038).
    if (deps.approvalActs.of(row.kind).concernsAdministrator && row.target_account_id === checker.id)
      return recordObjection(tx, row, checker, reason);
    await settleApproval(tx, id, { status: 'declined', checkerAccountId: checker.id, declineReason: reason });
    const released = await releaseHeld(
      deps,
      tx,
      row,
      row.maker_account_id === checker.id ? 'withdrawn' : 'declined',
      reason,
    );
    await recordAudit(tx, {
      actorAccountId: checker.id,
      action: 'approval_declined',
      targetAccountId: row.target_account_id,
      details: {
        approvalId: id,
        kind: row.kind,
        summary: row.summary,
        reason,
        makerAccountId: row.maker_account_id,
        released,
      },
    });
  });
  return approvalView((await findApproval(deps.db, id))!);
}
