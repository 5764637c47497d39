import { awardDueStatus, getPlan, toNairaString } from '@coop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { accessCheckSubquery, accessParams, admitFromRead, type AccessRow } from '../../plugins/auth';
import type { Programme } from '../engine/position-store';
import { figuresOf, figuresStatementWith, memberFigures, type MemberFigures, type RawFigures } from '../engine/read-model';
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
      return { ...a, label: awardLabel(programme, a.kind), status, dueAt: a.dueAt.toISOString(), dueStatus: awardDueStatus({ status, dueAt: a.dueAt }, now) };
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

const dashboardWithAccess = figuresStatementWith('member_dashboard', ['uuid', 'boolean'], `${accessCheckSubquery} as access`);

/**
 * The signed-in account's own dashboard, its session confirmed in the same statement: one round trip for the
 * platform's most frequent call (the route declares `sessionCheckedInRead`; decision 0015).
 */
export async function ownDashboard(app: FastifyInstance, request: FastifyRequest) {
  const [row] = await preparedRows<RawFigures & { access: AccessRow | null }>(app.db, dashboardWithAccess, accessParams(app, request));
  const account = admitFromRead(request, row?.access);
  return { account, dashboard: dashboardOf(figuresOf(row!, account.programme), account.programme) };
}
