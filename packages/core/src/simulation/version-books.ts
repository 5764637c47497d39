import { stageName, type AwardKind, type Plan, type Programme } from '../plan';
import { summariseEarnings, type EarningsSummary } from './earnings';
import { createMemoryMatrix, type MemoryMatrix } from './memory-matrix';

export type VersionLabel = 'draft' | 'current';

export interface MonthFigures {
  /** 1 for the first simulated month. */
  readonly month: number;
  readonly joins: number;
  readonly feesInKobo: number;
  /** Cash bonuses credited to wallets, before the health fee is deducted (the company's bonus expense). */
  readonly bonusesAccruedKobo: number;
  readonly healthFeesKobo: number;
  /** Paid out on this month's payout day (what wallets held at the end of the month before). */
  readonly paidOutKobo: number;
  /** Awards earned this month, at their estimated cost. */
  readonly awardsCostKobo: number;
  /** If joins stopped after this month: bonuses credited and not paid out yet, plus awards earned, at their cost. */
  readonly owedUnpaidKobo: number;
  /** Fees taken so far less what was paid out so far. */
  readonly cashHeldKobo: number;
}

export interface VersionFigures {
  readonly label: VersionLabel;
  readonly plans: ReadonlyArray<{
    readonly programme: Programme;
    readonly version: number;
    readonly name: string;
  }>;
  readonly months: readonly MonthFigures[];
  readonly totals: {
    readonly joins: number;
    /** Payments the engine refused (a Welcome Back member paying again before finishing). */
    readonly refused: number;
    readonly feesInKobo: number;
    readonly bonusesAccruedKobo: number;
    readonly healthFeesKobo: number;
    readonly paidOutKobo: number;
    readonly awardsCostKobo: number;
    readonly owedUnpaidKobo: number;
    /** Bonuses plus award cost over fees. */
    readonly payoutRatio: number;
  };
  readonly awardsByKind: ReadonlyArray<{
    readonly kind: AwardKind;
    readonly label: string;
    readonly count: number;
    readonly costKobo: number;
  }>;
  readonly stages: ReadonlyArray<{
    readonly programme: Programme;
    readonly stage: number;
    readonly name: string;
    readonly positions: number;
  }>;
  readonly earnings: EarningsSummary;
}

export interface VersionBooks {
  readonly matrices: Readonly<Record<Programme, MemoryMatrix>>;
  join(month: number, programme: Programme, account: number, sponsor: number | null): void;
  /** The payout day at the start of `month`: every wallet at or above the minimum is paid in full. */
  payoutDay(month: number): void;
  figures(): VersionFigures;
}

/**
 * One version's books over the simulated months: its own matrices (the real engine of packages/core), what came in,
 * what it credited, paid and owes, month by month, and each member's cash and fees.
 */
export function createVersionBooks(
  label: VersionLabel,
  plans: Readonly<Record<Programme, Plan>>,
  months: number,
  accounts: number,
  minimumPayoutKobo: number,
): VersionBooks {
  const matrices = {
    main: createMemoryMatrix('main', plans.main),
    welcomeback: createMemoryMatrix('welcomeback', plans.welcomeback),
  };
  const column = () => new Float64Array(months);
  const joins = column();
  const feesIn = column();
  const bonuses = column();
  const healthFees = column();
  const paidOut = column();
  const awardsCost = column();
  const wallet = new Float64Array(accounts);
  const received = new Float64Array(accounts);
  const feesPaid = new Float64Array(accounts);
  const owing: number[] = [];
  const inOwing = new Uint8Array(accounts);
  let refused = 0;
  const awardKinds = new Map<AwardKind, { label: string; count: number; costKobo: number }>();
  const costOf = new Map<string, number>();
  for (const plan of Object.values(plans))
    for (const stage of plan.stages)
      for (const award of stage.awards)
        costOf.set(
          `${plan.programme}:${stage.number}:${award.kind}`,
          award.estimatedCostKobo ?? award.valueKobo,
        );

  function join(month: number, programme: Programme, account: number, sponsor: number | null) {
    const outcome = matrices[programme].join(account, sponsor);
    if (outcome.status !== 'placed') {
      refused += 1;
      return;
    }
    const plan = plans[programme];
    joins[month]! += 1;
    feesIn[month]! += plan.feeKobo;
    feesPaid[account]! += plan.feeKobo;
    for (const c of outcome.credits) {
      if (c.amountKobo > 0) bonuses[month]! += c.amountKobo;
      else healthFees[month]! -= c.amountKobo;
      wallet[c.account]! += c.amountKobo;
      received[c.account]! += c.amountKobo;
      if (!inOwing[c.account]) {
        inOwing[c.account] = 1;
        owing.push(c.account);
      }
    }
    for (const a of outcome.awards) {
      const cost = costOf.get(`${programme}:${a.stage}:${a.kind}`) ?? a.valueKobo;
      awardsCost[month]! += cost;
      const kind = awardKinds.get(a.kind) ?? {
        label: a.description.replace(/, year \d+ of \d+$/, ''),
        count: 0,
        costKobo: 0,
      };
      kind.count += 1;
      kind.costKobo += cost;
      awardKinds.set(a.kind, kind);
    }
  }

  function payoutDay(month: number) {
    let kept = 0;
    for (const account of owing) {
      const due = wallet[account]!;
      if (due > 0 && due >= minimumPayoutKobo) {
        paidOut[month]! += due;
        wallet[account] = 0;
        inOwing[account] = 0;
      } else owing[kept++] = account;
    }
    owing.length = kept;
  }

  function figures(): VersionFigures {
    let fees = 0;
    let credited = 0;
    let paid = 0;
    let awards = 0;
    const monthRows: MonthFigures[] = [];
    for (let m = 0; m < months; m += 1) {
      fees += feesIn[m]!;
      credited += bonuses[m]!;
      paid += paidOut[m]!;
      awards += awardsCost[m]!;
      monthRows.push({
        month: m + 1,
        joins: joins[m]!,
        feesInKobo: feesIn[m]!,
        bonusesAccruedKobo: bonuses[m]!,
        healthFeesKobo: healthFees[m]!,
        paidOutKobo: paidOut[m]!,
        awardsCostKobo: awardsCost[m]!,
        owedUnpaidKobo: credited - paid + awards,
        cashHeldKobo: fees - paid,
      });
    }
    const sum = (values: Float64Array) => values.reduce((s, v) => s + v, 0);
    return {
      label,
      plans: Object.values(plans).map((p) => ({ programme: p.programme, version: p.version, name: p.name })),
      months: monthRows,
      totals: {
        joins: sum(joins),
        refused,
        feesInKobo: fees,
        bonusesAccruedKobo: credited,
        healthFeesKobo: sum(healthFees),
        paidOutKobo: paid,
        awardsCostKobo: awards,
        owedUnpaidKobo: credited - paid + awards,
        payoutRatio: fees === 0 ? 0 : (credited + awards) / fees,
      },
      awardsByKind: [...awardKinds].map(([kind, k]) => ({
        kind,
        label: k.label,
        count: k.count,
        costKobo: k.costKobo,
      })),
      stages: Object.values(matrices).flatMap((matrix) => positionsPerStage(matrix)),
      earnings: summariseEarnings(received, feesPaid),
    };
  }

  return { matrices, join, payoutDay, figures };
}

function positionsPerStage(matrix: MemoryMatrix) {
  const counts = new Array<number>(matrix.plan.stages.length + 1).fill(0);
  for (let p = 1; p < matrix.size; p += 1) counts[matrix.stageOf(p)]! += 1;
  return counts.map((positions, stage) => ({
    programme: matrix.plan.programme,
    stage,
    name: stageName(matrix.plan, stage),
    positions,
  }));
}
