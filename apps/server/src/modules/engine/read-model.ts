import { getPlan, stageProgress, stageWindow, toNairaString, type Programme } from '@coop/core';
import type { Tx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
import { walletRowText } from '../ledger/ledger-store';
import { toPosition, type RawPosition } from './position-store';
import { accountColumnsFromText } from '../accounts/account-sql';

/** The account's own details: read with every call, never kept. */
export interface RawProfile {
  full_name: string;
  email: string;
  referral_code: string;
  address: string;
  phone: string;
}

/** What payments, the matrix and payouts move (`movingFiguresJson`): what a server may keep between calls. */
export interface RawMovingFigures {
  position: RawPosition | null;
  credits: Record<string, string | number> | null;
  awards: Array<{
    id: string | number;
    kind: string;
    stage: number;
    installment: number;
    value_kobo: string | number;
    description: string;
    status: string;
    created_at: string;
    due_at: string;
  }>;
  referrals: string | number;
  wallet_kobo: string | number | null;
  wallet_lines: number | null;
}

/**
 * The moving figures of account $1 as one JSON object: the latest position, credits by kind and referrals from the
 * totals each position keeps (moved with every credit, so one index scan of a row or a few instead of summing the
 * credits), the awards, and the wallet's balance and line count from its ledger account row, which moves with every
 * posting. The wallet's key comes from $1 itself, a constant the planner looks up in the key's index.
 */
export const movingFiguresJson = `(select row_to_json(f) from (select
      (select row_to_json(p) from (select * from positions where account_id = $1 order by id desc limit 1) p) as position,
      t.credits, t.referrals,
      (select coalesce(json_agg(w order by w.id), '[]'::json)
         from (select id, kind, stage, installment, value_kobo, description, status, created_at, due_at from awards where account_id = $1) w) as awards,
      l.balance_kobo as wallet_kobo, l.lines_posted as wallet_lines
    from (
      select json_build_object('referral', sum(credited_referral_kobo), 'activities', sum(credited_activities_kobo),
          'graduating', sum(credited_graduating_kobo), 'thank_you', sum(credited_thank_you_kobo), 'health_fee', sum(credited_health_fee_kobo)) as credits,
        coalesce(sum(direct_referrals), 0) as referrals
      from positions where account_id = $1
    ) t
    left join ${walletRowText('$1::uuid::text')} l on true) f)`;

const figuresStatement: PreparedStatement = {
  name: 'member_figures',
  types: ['uuid'],
  text: `select a.full_name, a.email, a.referral_code, a.address, a.phone, ${movingFiguresJson} as figures
    from ${accountColumnsFromText('a', ['id', 'full_name', 'email', 'referral_code', 'address', 'phone'])} where a.id = $1`,
};

/**
 * Prepared-statement text (decision 0047): the version of the moving figures of the account `accountIdText` names, 0
 * before they first moved. A read that keeps figures between calls checks it in its own statement.
 */
export const figuresVersionText = (accountIdText: string) =>
  `coalesce((select version from figures_versions where account_id = ${accountIdText}), 0)`;

const movingFiguresStatement: PreparedStatement = {
  name: 'member_moving_figures',
  types: ['uuid'],
  text: `select ${figuresVersionText('$1')} as version, ${movingFiguresJson} as figures`,
};

/** The account's moving figures with the version they are at (`figures_versions`), read in one snapshot. */
export async function movingFigures(db: Tx, accountId: string) {
  const [row] = await preparedRows<{ version: string | number; figures: RawMovingFigures }>(
    db,
    movingFiguresStatement,
    [accountId],
  );
  return { version: Number(row!.version), figures: row!.figures };
}

/**
 * What a dashboard shows, computed from the ledger, the credits, the awards and the matrix: never typed in.
 * One prepared statement (decision 0015). Referral Node is the position's subtree size, moved by each activation
 * below it. Null when the account does not exist.
 */
export async function memberFigures(db: Tx, accountId: string, programme: Programme) {
  const [row] = await preparedRows<RawProfile & { figures: RawMovingFigures }>(db, figuresStatement, [
    accountId,
  ]);
  return row ? withProfile(row, movingFiguresOf(row.figures, programme)) : null;
}

/** An account's details beside moving figures already computed (a server keeps those between calls). */
export function withProfile(row: RawProfile, figures: MovingFigures) {
  return {
    account: {
      fullName: row.full_name,
      email: row.email,
      referralCode: row.referral_code,
      address: row.address,
      phone: row.phone,
    },
    ...figures,
  };
}

/** The moving figures in the product's terms: stage, progress, credits by kind, awards, wallet. */
export function movingFiguresOf(moving: RawMovingFigures, programme: Programme) {
  const plan = getPlan(programme);
  const position = moving.position ? toPosition(moving.position) : null;
  const creditKobo = (kind: string) => Number(moving.credits?.[kind] ?? 0);
  const awardRows = moving.awards;
  const awardKobo = (kind: string) =>
    awardRows.filter((a) => a.kind === kind).reduce((s, a) => s + Number(a.value_kobo), 0);
  const walletKobo = Number(moving.wallet_kobo ?? 0);
  const stage = position?.stage ?? 0;
  const progress = position
    ? stageProgress(plan, position.stage, position.levelCounts, position.directReferrals)
    : null;
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
      dueAt: new Date(a.due_at),
      createdAt: new Date(a.created_at).toISOString(),
    })),
    referralCount: Number(moving.referrals),
    referralNode: position ? position.subtreeSize : 0,
    stageWindow: position ? stageWindow(plan, position.stage, position.levelCounts) : null,
    transactionCount: Number(moving.wallet_lines ?? 0),
  };
}

export type MovingFigures = ReturnType<typeof movingFiguresOf>;
export type MemberFigures = ReturnType<typeof withProfile>;
