import { closureReasons, CLOSURE_HOLDS_MONEY, DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { closedForReasons } from '../accounts/status-changes';
import { recordAudit } from '../audit/record-audit';
import { notify } from '../notifications/mail-queue';
import { lockAward, markDelivered } from '../engine/award-store';
import { awardView } from './award-store';

/**
 * Records that a non-cash award (laptop, car, house...) was handed over: once, by an administrator, in the
 * audit log. The award row is locked first, so a second administrator pressing at the same time is told it is done.
 */
export async function deliverAward(db: Db, adminId: string, awardId: number) {
  return db.transaction(async (tx) => {
    const row = await lockAward(tx, awardId);
    if (!row) throw new DomainError('award_not_found', 'There is no such award');
    if (row.award.status === 'delivered') {
      throw new DomainError(
        'award_already_delivered',
        `This award was already marked delivered on ${row.award.deliveredAt?.toISOString().slice(0, 10) ?? 'an earlier day'}`,
      );
    }
    // An account an administrator closed for unfair use or a legal request keeps its awards owed, but undelivered.
    const holding = closureReasons.filter((r) => CLOSURE_HOLDS_MONEY[r]);
    const [{ held } = { held: false }] = await queryRows<{ held: boolean }>(
      tx,
      sql`select ${closedForReasons(sql`${row.award.accountId}`, holding)} as held`,
    );
    if (held)
      throw new DomainError(
        'award_held',
        'This member’s account was closed for unfair use or a legal request: its awards are held and cannot be delivered.',
      );
    const at = new Date();
    // A yearly installment is handed over in its year, not before.
    if (row.award.dueAt.getTime() > at.getTime()) {
      throw new DomainError(
        'award_not_due',
        `This is installment ${row.award.installment} of the award: it falls due on ${row.award.dueAt.toISOString().slice(0, 10)} and can be delivered from then`,
      );
    }
    await markDelivered(tx, awardId, at);
    await recordAudit(tx, {
      actorAccountId: adminId,
      action: 'award_delivered',
      targetAccountId: row.award.accountId,
      details: {
        awardId,
        programme: row.award.programme,
        kind: row.award.kind,
        stage: row.award.stage,
        installment: row.award.installment,
        valueKobo: row.award.valueKobo,
      },
    });
    await notify(tx, row.award.accountId, {
      kind: 'award_delivered',
      award: row.award.description,
      valueKobo: row.award.valueKobo,
    });
    return awardView({ ...row, award: { ...row.award, status: 'delivered', deliveredAt: at } });
  });
}
