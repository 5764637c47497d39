import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { grantApplications } from '../../db/schema';
import type { SignedInAccount } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { notify } from '../notifications/mail-queue';
import { latestPositionOf } from '../engine/position-store';
import { grantRefusal } from './grant-rules';
import { grantView, hasPendingGrant } from './grant-store';

/** A member applies; the account row is locked so two clicks cannot leave two pending applications. */
export function applyForGrant(db: Db, account: SignedInAccount, input: { amountKobo: number; purpose: string }) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from accounts where id = ${account.id} for update`);
    const position = await latestPositionOf(tx, account.id);
    const refusal = grantRefusal({
      programme: account.programme,
      paid: position !== null,
      stage: position?.stage ?? 0,
      amountKobo: input.amountKobo,
      hasPending: await hasPendingGrant(tx, account.id),
    });
    if (refusal) throw new HttpError(refusal.status, refusal.message, refusal.code);
    const [row] = await tx.insert(grantApplications).values({ accountId: account.id, amountKobo: input.amountKobo, purpose: input.purpose }).returning();
    return grantView(row!);
  });
}

/** An administrator approves or declines a pending application; the decision and its audit row commit together. */
export function decideGrant(db: Db, adminId: string, grantId: number, decision: { decision: 'approved' | 'declined'; note?: string }) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(grantApplications).where(eq(grantApplications.id, grantId)).for('update');
    if (!current) throw new HttpError(404, 'No grant application with that number.', 'grant_unknown');
    if (current.status !== 'pending') throw new HttpError(409, `This application was already ${current.status}.`, 'grant_decided');
    const [row] = await tx
      .update(grantApplications)
      .set({ status: decision.decision, decisionNote: decision.note ?? null, decidedBy: adminId, decidedAt: new Date() })
      .where(eq(grantApplications.id, grantId))
      .returning();
    await recordAudit(tx, {
      actorAccountId: adminId,
      action: 'grant_decision',
      targetAccountId: row!.accountId,
      details: { grantId, decision: decision.decision, amountKobo: row!.amountKobo, note: decision.note ?? null },
    });
    await notify(tx, row!.accountId, { kind: 'grant_decided', decision: decision.decision, amountKobo: row!.amountKobo, note: decision.note ?? null });
    return grantView(row!);
  });
}
