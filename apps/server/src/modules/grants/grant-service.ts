import { formatNaira, DomainError, refusalError } from '@coop/core';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { lockAccount } from '../accounts/account-store';
import { grantApplications } from '../../db/schema';
import type { SignedInAccount } from '../../plugins/auth';
import { recordAudit } from '../audit/record-audit';
import { notify } from '../notifications/mail-queue';
import { latestPositionOf } from '../engine/position-store';
import { postEntry } from '../ledger/post-entry';
import { currentPlan, publishedPlan } from '../plans/plan-book';
import { grantRefusal } from './grant-rules';
import { approvedGrantOf, grantView, hasPendingGrant } from './grant-store';

/** A member applies; the account row is locked so two clicks cannot leave two pending applications. */
export function applyForGrant(
  db: Db,
  account: SignedInAccount,
  input: { amountKobo: number; purpose: string },
) {
  return db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const position = await latestPositionOf(tx, account.id);
    const refusal = grantRefusal({
      plan: position
        ? await publishedPlan(tx, position.programme, position.planVersion)
        : await currentPlan(tx, account.programme),
      paid: position !== null,
      stage: position?.stage ?? 0,
      amountKobo: input.amountKobo,
      hasPending: await hasPendingGrant(tx, account.id),
      approvedKobo: (await approvedGrantOf(tx, account.id))?.amountKobo ?? null,
    });
    if (refusal) throw refusalError(refusal);
    const [row] = await tx
      .insert(grantApplications)
      .values({ accountId: account.id, amountKobo: input.amountKobo, purpose: input.purpose })
      .returning();
    return grantView(row!);
  });
}

/**
 * An approved grant is money the company owes the member: grant expense -> the member's Main wallet, one entry
 * keyed by the application, so it shows in the wallet history and is paid out like any other wallet money
 * (the monthly payout, or a cash-out recorded by an administrator).
 */
async function creditGrant(
  tx: Tx,
  adminId: string,
  grant: { id: number; accountId: string; amountKobo: number },
) {
  const entry = await postEntry(tx, {
    kind: 'grant',
    idempotencyKey: `grant:${grant.id}:approved`,
    programme: 'main',
    memo: `Executive grant approved (application ${grant.id}): paid out with your wallet`,
    createdBy: adminId,
    lines: [
      { account: { kind: 'grant_expense', programme: 'main' }, amountKobo: -grant.amountKobo },
      {
        account: { kind: 'wallet', programme: 'main', accountId: grant.accountId },
        amountKobo: grant.amountKobo,
      },
    ],
  });
  return entry.entryId;
}

/**
 * An administrator approves or declines a pending application, once; the decision, its money (an approval
 * credits the wallet through the ledger; a decline moves nothing) and its audit row commit together. The
 * member's account row is locked first, so two approvals of two applications of one member cannot both pass.
 */
export function decideGrant(
  db: Db,
  adminId: string,
  grantId: number,
  decision: { decision: 'approved' | 'declined'; note?: string },
) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ accountId: grantApplications.accountId })
      .from(grantApplications)
      .where(eq(grantApplications.id, grantId));
    if (!found) throw new DomainError('grant_unknown', 'No grant application with that number.');
    await lockAccount(tx, found.accountId);
    const [current] = await tx
      .select()
      .from(grantApplications)
      .where(eq(grantApplications.id, grantId))
      .for('update');
    if (current!.status !== 'pending')
      throw new DomainError('grant_decided', `This application was already ${current!.status}.`);
    let journalEntryId: number | null = null;
    if (decision.decision === 'approved') {
      const approved = await approvedGrantOf(tx, current!.accountId);
      if (approved)
        throw new DomainError(
          'grant_already_approved',
          `This member already holds an approved grant of ${formatNaira(approved.amountKobo)} (application ${approved.id}): a member position holds one grant. Decline this application.`,
        );
      // The ceiling the member was promised: the version their position joined under.
      const ceilingKobo = await grantCeilingKobo(tx, current!.accountId);
      if (current!.amountKobo > ceilingKobo)
        throw new DomainError(
          'grant_over_ceiling',
          `The grant is at most ${formatNaira(ceilingKobo)}: decline this application.`,
        );
      journalEntryId = await creditGrant(tx, adminId, {
        id: grantId,
        accountId: current!.accountId,
        amountKobo: current!.amountKobo,
      });
    }
    const [row] = await tx
      .update(grantApplications)
      .set({
        status: decision.decision,
        decisionNote: decision.note ?? null,
        decidedBy: adminId,
        decidedAt: new Date(),
        journalEntryId,
      })
      .where(eq(grantApplications.id, grantId))
      .returning();
    await recordAudit(tx, {
      actorAccountId: adminId,
      action: 'grant_decision',
      targetAccountId: row!.accountId,
      details: {
        grantId,
        decision: decision.decision,
        amountKobo: row!.amountKobo,
        note: decision.note ?? null,
        journalEntryId,
      },
    });
    await notify(tx, row!.accountId, {
      kind: 'grant_decided',
      decision: decision.decision,
      amountKobo: row!.amountKobo,
      note: decision.note ?? null,
    });
    return grantView(row!);
  });
}

/**
 * The member takes a pending application back. The row is locked, so a withdrawal and an administrator's decision
 * made at the same moment are ordered: whichever comes second finds the application no longer pending. A pending
 * approval request for it then fails when approved (decideGrant refuses a withdrawn application).
 */
export function withdrawGrant(db: Db, accountId: string, grantId: number) {
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [current] = await tx
      .select()
      .from(grantApplications)
      .where(and(eq(grantApplications.id, grantId), eq(grantApplications.accountId, accountId)))
      .for('update');
    if (!current) throw new DomainError('grant_unknown', 'You have no grant application with that number.');
    if (current.status !== 'pending')
      throw new DomainError(
        'grant_decided',
        `This application was already ${current.status}, so it can no longer be withdrawn.`,
      );
    const [row] = await tx
      .update(grantApplications)
      .set({ status: 'withdrawn', decidedAt: new Date() })
      .where(eq(grantApplications.id, grantId))
      .returning();
    await recordAudit(tx, {
      actorAccountId: accountId,
      action: 'grant_withdrawn',
      targetAccountId: accountId,
      details: { grantId, amountKobo: row!.amountKobo },
    });
    return grantView(row!);
  });
}

/** The ceiling a member reads: that of the version their Main position joined under, or the current one before paying. */
export async function grantCeilingKobo(db: Tx, accountId: string): Promise<number> {
  const position = await latestPositionOf(db, accountId);
  const plan =
    position?.programme === 'main'
      ? await publishedPlan(db, 'main', position.planVersion)
      : await currentPlan(db, 'main');
  return plan.grant?.ceilingKobo ?? 0;
}
