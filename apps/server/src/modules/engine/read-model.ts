import { getPlan, stageProgress, stageWindow, toNairaString } from '@coop/core';
import type { Tx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
import { toPosition, type Programme, type RawPosition } from './position-store';

export interface RawFigures {
  full_name: string;
  email: string;
  referral_code: string;
  address: string;
  phone: string;
  position: RawPosition | null;
  credits: Record<string, string | number> | null;
  awards: Array<{ id: string | number; kind: string; stage: number; installment: number; value_kobo: string | number; description: string; status: string; created_at: string; due_at: string }>;
  referrals: string | number;
  wallet_kobo: string | number | null;
  wallet_lines: number | null;
}

const figuresColumns = `a.full_name, a.email, a.referral_code, a.address, a.phone,
      (select row_to_json(p) from (select * from positions where account_id = a.id order by id desc limit 1) p) as position,
      t.credits, t.referrals,
      (select coalesce(json_agg(w order by w.id), '[]'::json)
         from (select id, kind, stage, installment, value_kobo, description, status, created_at, due_at from awards where account_id = a.id) w) as awards,
      l.balance_kobo as wallet_kobo, l.lines_posted as wallet_lines`;
// Credits by kind and referrals from the totals each position keeps (moved with every credit), over the account's
// positions: one index scan of a row or a few, where summing the credits themselves sorted and grouped them on every
// call. The wallet's key comes from $1 itself, a constant the planner looks up in the key's index.
const figuresFrom = `from accounts a
    left join lateral (
      select json_build_object('referral', sum(credited_referral_kobo), 'activities', sum(credited_activities_kobo),
          'graduating', sum(credited_graduating_kobo), 'thank_you', sum(credited_thank_you_kobo), 'health_fee', sum(credited_health_fee_kobo)) as credits,
        coalesce(sum(direct_referrals), 0) as referrals
      from positions where account_id = $1
    ) t on true
    left join ledger_accounts l on l.key = 'wallet:' || $1::uuid::text
    where a.id = $1`;

const figuresStatement: PreparedStatement = { name: 'member_figures', types: ['uuid'], text: `select ${figuresColumns} ${figuresFrom}` };

/**
 * The figures' statement with more columns computed in the same round trip (the dashboard adds its access check,
 * decision 0015). `$1` is still the account; the extra columns may use further parameters, typed in `types`.
 */
export function figuresStatementWith(name: string, types: readonly string[], columns: string): PreparedStatement {
  return { name, types: ['uuid', ...types], text: `select ${figuresColumns}, ${columns} ${figuresFrom}` };
}

/**
 * What a dashboard shows, computed from the ledger, the credits, the awards and the matrix: never typed in.
 * One prepared statement (decision 0015): the latest position and awards as JSON sub-selects, credit sums and referrals from
 * the positions' own totals, and
 * the wallet's balance and line count from its ledger account row, which moves with every posting. Referral Node is
 * the position's subtree size, moved by each activation below it. Null when the account does not exist.
 */
export async function memberFigures(db: Tx, accountId: string, programme: Programme) {
  const [row] = await preparedRows<RawFigures>(db, figuresStatement, [accountId]);
  return row ? figuresOf(row, programme) : null;
}

/** The figures of one row of the figures' statement (or of a statement built by `figuresStatementWith`). */
export function figuresOf(row: RawFigures, programme: Programme) {
  const plan = getPlan(programme);
  const position = row.position ? toPosition(row.position) : null;
  const creditKobo = (kind: string) => Number(row.credits?.[kind] ?? 0);
  const awardRows = row.awards;
  const awardKobo = (kind: string) => awardRows.filter((a) => a.kind === kind).reduce((s, a) => s + Number(a.value_kobo), 0);
  const walletKobo = Number(row.wallet_kobo ?? 0);
  const stage = position?.stage ?? 0;
  const progress = position ? stageProgress(plan, position.stage, position.levelCounts, position.directReferrals) : null;
  return {
    account: { fullName: row.full_name, email: row.email, referralCode: row.referral_code, address: row.address, phone: row.phone },
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
      dueAt: new Date(a.due_at),
      createdAt: new Date(a.created_at).toISOString(),
    })),
    referralCount: Number(row.referrals),
    referralNode: position ? position.subtreeSize : 0,
    stageWindow: position ? stageWindow(plan, position.stage, position.levelCounts) : null,
    transactionCount: Number(row.wallet_lines ?? 0),
  };
}

export type MemberFigures = ReturnType<typeof figuresOf>;
