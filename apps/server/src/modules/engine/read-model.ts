import { sql } from 'drizzle-orm';
import { getPlan, stageProgress, stageWindow, toNairaString } from '@coop/core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { walletBalanceKobo } from '../ledger/queries';
import { latestPositionOf, type Programme } from './position-store';

/** Positions in a position's whole subtree, however deep (the dashboard's Referral Node). */
async function subtreeSize(db: Tx, positionId: number) {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`with recursive subtree(id) as (
          select id from positions where parent_id = ${positionId}
          union all
          select p.id from positions p join subtree s on p.parent_id = s.id
        )
        select count(*) as n from subtree`,
  );
  return Number(row?.n ?? 0);
}

/** What a dashboard shows, computed from the ledger, the credits, the awards and the matrix: never typed in. */
export async function memberFigures(db: Tx, accountId: string, programme: Programme) {
  const plan = getPlan(programme);
  const position = await latestPositionOf(db, accountId);
  const creditRows = await queryRows<{ kind: string; total: string }>(
    db,
    sql`select kind, sum(amount_kobo) as total from credits where account_id = ${accountId} group by kind`,
  );
  const creditKobo = (kind: string) => Number(creditRows.find((r) => r.kind === kind)?.total ?? 0);
  const awardRows = await queryRows<{ id: string; kind: string; stage: number; installment: number; value_kobo: string; description: string; status: string; created_at: string | Date }>(
    db,
    sql`select id, kind, stage, installment, value_kobo, description, status, created_at from awards where account_id = ${accountId} order by id`,
  );
  const awardKobo = (kind: string) => awardRows.filter((a) => a.kind === kind).reduce((s, a) => s + Number(a.value_kobo), 0);
  const [referrals] = await queryRows<{ n: string }>(db, sql`select coalesce(sum(direct_referrals), 0) as n from positions where account_id = ${accountId}`);
  const [history] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from journal_lines l join ledger_accounts a on a.id = l.ledger_account_id where a.key = ${`wallet:${accountId}`}`,
  );
  const walletKobo = await walletBalanceKobo(db, accountId);
  const stage = position?.stage ?? 0;
  const progress = position ? stageProgress(plan, position.stage, position.levelCounts, position.directReferrals) : null;
  return {
    paid: position !== null,
    positionId: position?.id ?? null,
    cycle: position?.cycle ?? 0,
    finished: position?.finishedAt != null,
    stage,
    stageName: position ? (plan.stages[stage]?.name ?? plan.graduateTitle) : 'Not yet a member',
    progress,
    walletKobo,
    referralKobo: creditKobo('referral'),
    activitiesKobo: creditKobo('activities'),
    graduatingKobo: creditKobo('graduating'),
    thankYouKobo: creditKobo('thank_you'),
    healthFeeKobo: -creditKobo('health_fee'),
    awardKobo,
    awards: awardRows.map((a) => ({
      id: Number(a.id),
      kind: a.kind,
      stage: a.stage,
      installment: a.installment,
      value: toNairaString(Number(a.value_kobo)),
      description: a.description,
      status: a.status,
      createdAt: new Date(a.created_at).toISOString(),
    })),
    referralCount: Number(referrals?.n ?? 0),
    referralNode: position ? await subtreeSize(db, position.id) : 0,
    stageWindow: position ? stageWindow(plan, position.stage, position.levelCounts) : null,
    transactionCount: Number(history?.n ?? 0),
  };
}

export type MemberFigures = Awaited<ReturnType<typeof memberFigures>>;
