import { awardDueStatus, getPlan, toNairaString, type Programme } from '@coop/core';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Tx } from '../../db/client';
import { keptAnswer } from '../../lib/kept-answers';
import { accessParams, admitFromRead, type AccessRow, type CheckedReadDeps } from '../../plugins/auth';
import { checkedRows, withAccessCheck } from '../access/access-check';
import {
  figuresVersionText,
  memberFigures,
  movingFigures,
  movingFiguresOf,
  withProfile,
  type MemberFigures,
  type MovingFigures,
  type RawProfile,
} from '../engine/read-model';
import { awardLabel } from './award-labels';

const naira = toNairaString;

/** The spec's 3.3 fields for the programme, under the spec's names, plus stage, progress and awards. */
export async function dashboard(db: Tx, accountId: string, programme: Programme, now = new Date()) {
  const f = await memberFigures(db, accountId, programme);
  return f ? dashboardOf(f, programme, now) : null;
}

export function dashboardOf(f: MemberFigures, programme: Programme, now = new Date()) {
  const { account } = f;
  const grant = getPlan(programme).grant;
  const common = {
    fullName: account.fullName,
    email: account.email,
    referralCode: account.referralCode,
    address: account.address,
    phone: account.phone,
    status: f.stageName,
    stage: f.stage,
    stageName: f.stageName,
    paid: f.paid,
    finished: f.finished,
    cycle: f.cycle,
    progress: f.progress,
    wallet: naira(f.walletKobo),
    graduatingBonus: naira(f.graduatingKobo),
    referralCount: f.referralCount,
    referralNode: f.referralNode,
    stageWindow: f.stageWindow,
    transaction_counts: f.transactionCount,
    awards: f.awards.map((a) => {
      const status = a.status as 'pending' | 'delivered';
      // Each field named: spreading `a` and then replacing its Date with a string made this call five times slower.
      return {
        id: a.id,
        kind: a.kind,
        label: awardLabel(programme, a.kind),
        stage: a.stage,
        installment: a.installment,
        value: a.value,
        description: a.description,
        status,
        createdAt: a.createdAt,
        dueAt: a.dueAt.toISOString(),
        dueStatus: awardDueStatus({ status, dueAt: a.dueAt }, now),
      };
    }),
    grantEligible: f.paid && grant !== null && f.stage >= grant.stage,
  };
  if (programme === 'main') {
    return {
      programme: 'main' as const,
      ...common,
      earnedBonus: naira(f.referralKobo + f.activitiesKobo),
      healthFee: naira(f.healthFeeKobo),
      mbbpil_social_club: naira(f.awardKobo('social_club')),
      gift: naira(f.awardKobo('gift')),
      laptop_award_or_equivalent: naira(f.awardKobo('laptop')),
      car_award: naira(f.awardKobo('car')),
      housing_award: naira(f.awardKobo('housing')),
      suv_award: naira(f.awardKobo('suv')),
      goldenCrownAward: naira(f.awardKobo('golden_crown_annual')),
    };
  }
  return {
    programme: 'welcomeback' as const,
    ...common,
    matrixBonus: naira(f.referralKobo + f.activitiesKobo),
    thankYouBonus: naira(f.thankYouKobo),
    laptopAward: naira(f.awardKobo('laptop')),
    Award: naira(f.awardKobo('domestic_appliances')),
  };
}

/**
 * The moving figures a server keeps per account, with the version they were read at. Bounded: an account not seen for a
 * while is read again in full. Each server process has its own; the version read in every call keeps them all right.
 */
export type KeptFigures = LRUCache<
  string,
  { version: number; figures: MovingFigures; answer?: KeptDashboard }
>;

/** A dashboard answer built from kept figures: right while the profile it was built with stands, until `until`. */
interface KeptDashboard {
  profile: string;
  until: number;
  dashboard: Readonly<ReturnType<typeof dashboardOf>>;
}

const profileOf = (row: RawProfile) =>
  [row.full_name, row.email, row.referral_code, row.address, row.phone].join('\u0000');

/** The moment an award shown as upcoming becomes due: the answer is built again then. */
const nextDueAt = (figures: MovingFigures, now: number) =>
  Math.min(
    ...figures.awards
      .filter((a) => a.status === 'pending' && a.dueAt.getTime() > now)
      .map((a) => a.dueAt.getTime()),
    Number.POSITIVE_INFINITY,
  );
export const keptFigures = (): KeptFigures => new LRUCache({ max: 10_000 });

// The session, the account's details and the version of its moving figures, in one statement; the moving figures
// themselves only when the version differs from the one this server kept (a second round trip, only then).
const dashboardRead = withAccessCheck(
  'member_dashboard',
  [],
  `a.referral_code, a.address, a.phone, ${figuresVersionText('a.id')} as figures_version`,
);

type DashboardRow = AccessRow & RawProfile & { figures_version: string | number };

/**
 * The signed-in account's own dashboard, its session confirmed in the same statement (the route declares
 * `sessionCheckedInRead`; decision 0015): one round trip for the platform's most frequent call while its figures
 * have not moved.
 */
export async function ownDashboard(deps: CheckedReadDeps, request: FastifyRequest, kept: KeptFigures) {
  const [row] = await checkedRows<DashboardRow>(deps, dashboardRead, accessParams(deps, request));
  const account = admitFromRead(request, row);
  let known = kept.get(account.id);
  if (known?.version !== Number(row!.figures_version)) {
    // The figures and their version come from one snapshot, so what is kept is right until the version moves.
    const read = await movingFigures(deps.db, account.id);
    known = { version: read.version, figures: movingFiguresOf(read.figures, account.programme) };
    kept.set(account.id, known);
  }
  // The answer itself is kept with the figures (decision 0036): checked and written by the serializer once.
  const profile = profileOf(row!);
  const now = Date.now();
  if (known.answer && known.answer.profile === profile && now < known.answer.until)
    return { account, dashboard: known.answer.dashboard };
  const dashboard = keptAnswer(
    dashboardOf(withProfile(row!, known.figures), account.programme, new Date(now)),
  );
  known.answer = { profile, until: nextDueAt(known.figures, now), dashboard };
  return { account, dashboard };
}
