import { stageName, type AwardKind, type Plan, type Programme } from '../plan';
import type { StageCompletion } from '../matrix/benefits';
import { summariseEarnings, type EarningsSummary } from './earnings';
import { createMemoryMatrix, type MemoryMatrix } from './memory-matrix';
import { hashedFloat } from './seeded-random';
import type { YearInputs } from './simulation-inputs';

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
  /**
   * If joins stopped after this month: bonuses and grants credited and not paid out or cashed out yet, plus awards
   * earned and not handed over yet, at their cost.
   */
  readonly owedUnpaidKobo: number;
  /** Fees taken so far less what went out so far: payout days, cash-outs and awards handed over. */
  readonly cashHeldKobo: number;
}

/** The year beyond joins, one month (decision 0063). */
export interface YearMonthFigures {
  readonly month: number;
  /** Award installments handed over this month (earned, fallen due, and the lead time passed), at their cost. */
  readonly awardsDelivered: number;
  readonly awardsDeliveredKobo: number;
  readonly grantApplications: number;
  /** Grants approved this month: credited to the wallet, paid out with it. */
  readonly grantsApproved: number;
  readonly grantsKobo: number;
  readonly cashOuts: number;
  readonly cashOutsKobo: number;
  /** Wallets of suspended members on this month's payout day that would have been paid: held, still owed. */
  readonly heldForSuspensionsKobo: number;
  /** Bonuses (gross) and awards (at cost) suspended members would have earned this month: not credited. */
  readonly forgoneKobo: number;
  /** Everything going out this month: the payout day, cash-outs and awards handed over at their cost. */
  readonly cashOutflowKobo: number;
}

type YearSums = Omit<YearMonthFigures, 'month'>;

export interface YearFigures {
  readonly months: readonly YearMonthFigures[];
  /** The same figures added up by simulated year (months 1-12, 13-24...; the last may be shorter). */
  readonly years: ReadonlyArray<YearSums & { readonly year: number; readonly months: number }>;
  readonly totals: YearSums & {
    /** Award installments earned and not handed over by the end (later years' installments included), at cost. */
    readonly awardsOwedKobo: number;
    /** Wallets of members suspended at the end. */
    readonly heldAtEndKobo: number;
    /** Cash in members' wallets at the end (credited, net of the health fee, not paid out or cashed out). */
    readonly walletsAtEndKobo: number;
    /** Bonuses, awards earned and grants approved over fees: the payout ratio with grants. */
    readonly costRatio: number;
  };
}

/** What both versions share about the year: its assumptions, the seed, and who is suspended when. */
export interface YearContext {
  readonly inputs: YearInputs;
  readonly seed: number;
  /** Whether the account is suspended in `month` (0-based). */
  suspendedIn(account: number, month: number): boolean;
  /** The first month the account is not suspended, from `month` on. */
  activeFrom(account: number, month: number): number;
}

/** The draws of the year, each its own purpose for `hashedFloat` (1 and 2 are the suspension's, in plan-simulation). */
const DRAW = { cashOut: 3, grantApply: 4, grantApproved: 5 } as const;

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
  readonly year: YearFigures;
}

export interface VersionBooks {
  readonly matrices: Readonly<Record<Programme, MemoryMatrix>>;
  join(month: number, programme: Programme, account: number, sponsor: number | null): void;
  /**
   * The payout day at the start of `month`: every wallet at or above the minimum is paid in full, but a suspended
   * member's, which is held.
   */
  payoutDay(month: number): void;
  /** After the month's joins: grants decided this month are credited, and some members cash their wallets out. */
  endOfMonth(month: number): void;
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
  year: YearContext,
): VersionBooks {
  const { inputs: assume, seed } = year;
  const column = () => new Float64Array(months);
  const joins = column();
  const feesIn = column();
  const bonuses = column();
  const healthFees = column();
  const paidOut = column();
  const awardsCost = column();
  const delivered = column();
  const deliveredKobo = column();
  const grantApplications = column();
  const grantsApproved = column();
  const grantsKobo = column();
  const cashOuts = column();
  const cashOutsKobo = column();
  const held = column();
  const forgone = column();
  const wallet = new Float64Array(accounts);
  const received = new Float64Array(accounts);
  const feesPaid = new Float64Array(accounts);
  const owing: number[] = [];
  const inOwing = new Uint8Array(accounts);
  // Grants approved, by the month they are credited: [account, amount] pairs.
  const grantsDue = Array.from({ length: months }, () => [] as number[]);
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
  // The month being run: whether an account earns depends on it.
  let now = 0;

  const owe = (account: number, amountKobo: number) => {
    wallet[account]! += amountKobo;
    if (!inOwing[account]) {
      inOwing[account] = 1;
      owing.push(account);
    }
  };

  /**
   * The grant opens at a stage: a member reaching it applies the month after (or when reinstated, if suspended
   * then) with the drawn share; the application is decided the month after, approved with the drawn share, for
   * the share of the ceiling asked, and credited to the wallet like the platform's approved grant.
   */
  function grantStageReached(programme: Programme, account: number, from: number, to: number) {
    const grant = plans[programme].grant;
    if (!grant || from >= grant.stage || to < grant.stage) return;
    if (hashedFloat(seed, account, DRAW.grantApply, 0) >= assume.grantApplyShare) return;
    const applies = year.activeFrom(account, now + 1);
    if (applies >= months) return;
    grantApplications[applies]! += 1;
    if (hashedFloat(seed, account, DRAW.grantApproved, 0) >= assume.grantApprovedShare) return;
    const amountKobo = Math.min(
      grant.ceilingKobo,
      Math.round((grant.ceilingKobo * assume.grantAmountShare) / 100) * 100,
    );
    if (applies + 1 < months && amountKobo > 0) grantsDue[applies + 1]!.push(account, amountKobo);
  }

  const matrixOptions = (programme: Programme) => ({
    earns: (account: number) => !year.suspendedIn(account, now),
    onPromote: (account: number, from: number, to: number) => grantStageReached(programme, account, from, to),
    onWithheld: (_account: number, completions: readonly StageCompletion[]) => {
      for (const c of completions) {
        for (const credit of c.credits) if (credit.amountKobo > 0) forgone[now]! += credit.amountKobo;
        for (const a of c.awards)
          forgone[now]! += costOf.get(`${programme}:${c.stage}:${a.kind}`) ?? a.valueKobo;
      }
    },
  });
  const matrices = {
    main: createMemoryMatrix('main', plans.main, matrixOptions('main')),
    welcomeback: createMemoryMatrix('welcomeback', plans.welcomeback, matrixOptions('welcomeback')),
  };

  function join(month: number, programme: Programme, account: number, sponsor: number | null) {
    now = month;
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
      received[c.account]! += c.amountKobo;
      owe(c.account, c.amountKobo);
    }
    for (const a of outcome.awards) {
      const cost = costOf.get(`${programme}:${a.stage}:${a.kind}`) ?? a.valueKobo;
      awardsCost[month]! += cost;
      // Installment k falls due k-1 years after it is earned, and is handed over the lead time after that.
      const handedOver = month + 12 * (a.installment - 1) + assume.awardLeadMonths;
      if (handedOver < months) {
        delivered[handedOver]! += 1;
        deliveredKobo[handedOver]! += cost;
      }
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
    now = month;
    let kept = 0;
    for (const account of owing) {
      const due = wallet[account]!;
      if (due > 0 && due >= minimumPayoutKobo && year.suspendedIn(account, month)) {
        held[month]! += due;
        owing[kept++] = account;
      } else if (due > 0 && due >= minimumPayoutKobo) {
        paidOut[month]! += due;
        wallet[account] = 0;
        inOwing[account] = 0;
      } else owing[kept++] = account;
    }
    owing.length = kept;
  }

  function endOfMonth(month: number) {
    now = month;
    const due = grantsDue[month]!;
    for (let i = 0; i < due.length; i += 2) {
      grantsApproved[month]! += 1;
      grantsKobo[month]! += due[i + 1]!;
      owe(due[i]!, due[i + 1]!);
    }
    if (assume.cashOutShare <= 0) return;
    // A cash-out takes the whole wallet (the platform allows up to it); a suspended member's wallet is held.
    let kept = 0;
    for (const account of owing) {
      const balance = wallet[account]!;
      if (
        balance >= assume.cashOutMinimumKobo &&
        balance > 0 &&
        hashedFloat(seed, account, DRAW.cashOut, month) < assume.cashOutShare &&
        !year.suspendedIn(account, month)
      ) {
        cashOuts[month]! += 1;
        cashOutsKobo[month]! += balance;
        wallet[account] = 0;
        inOwing[account] = 0;
      } else owing[kept++] = account;
    }
    owing.length = kept;
  }

  function yearFigures(): YearFigures {
    const monthRows: YearMonthFigures[] = Array.from({ length: months }, (_, m) => ({
      month: m + 1,
      awardsDelivered: delivered[m]!,
      awardsDeliveredKobo: deliveredKobo[m]!,
      grantApplications: grantApplications[m]!,
      grantsApproved: grantsApproved[m]!,
      grantsKobo: grantsKobo[m]!,
      cashOuts: cashOuts[m]!,
      cashOutsKobo: cashOutsKobo[m]!,
      heldForSuspensionsKobo: held[m]!,
      forgoneKobo: forgone[m]!,
      cashOutflowKobo: paidOut[m]! + cashOutsKobo[m]! + deliveredKobo[m]!,
    }));
    const add = (rows: readonly YearMonthFigures[]): YearSums => {
      const sums: Record<string, number> = {};
      for (const row of rows)
        for (const [key, value] of Object.entries(row))
          if (key !== 'month') sums[key] = (sums[key] ?? 0) + value;
      return sums as unknown as YearSums;
    };
    const years = [];
    for (let from = 0; from < months; from += 12) {
      const rows = monthRows.slice(from, from + 12);
      years.push({ year: from / 12 + 1, months: rows.length, ...add(rows) });
    }
    const totals = add(monthRows);
    const sum = (values: Float64Array) => values.reduce((s, v) => s + v, 0);
    const fees = sum(feesIn);
    let heldAtEndKobo = 0;
    let walletsAtEndKobo = 0;
    for (const account of owing) {
      walletsAtEndKobo += wallet[account]!;
      if (year.suspendedIn(account, months - 1)) heldAtEndKobo += wallet[account]!;
    }
    return {
      months: monthRows,
      years,
      totals: {
        ...totals,
        awardsOwedKobo: sum(awardsCost) - totals.awardsDeliveredKobo,
        heldAtEndKobo,
        walletsAtEndKobo,
        costRatio: fees === 0 ? 0 : (sum(bonuses) + sum(awardsCost) + totals.grantsKobo) / fees,
      },
    };
  }

  function figures(): VersionFigures {
    let fees = 0;
    let credited = 0;
    let out = 0;
    let owedUnpaid = 0;
    let paid = 0;
    let awards = 0;
    const monthRows: MonthFigures[] = [];
    for (let m = 0; m < months; m += 1) {
      fees += feesIn[m]!;
      credited += bonuses[m]!;
      paid += paidOut[m]!;
      awards += awardsCost[m]!;
      out += paidOut[m]! + cashOutsKobo[m]! + deliveredKobo[m]!;
      // Credited (bonuses and grants) and earned (awards), less what went out for them.
      owedUnpaid +=
        bonuses[m]! + grantsKobo[m]! + awardsCost[m]! - paidOut[m]! - cashOutsKobo[m]! - deliveredKobo[m]!;
      monthRows.push({
        month: m + 1,
        joins: joins[m]!,
        feesInKobo: feesIn[m]!,
        bonusesAccruedKobo: bonuses[m]!,
        healthFeesKobo: healthFees[m]!,
        paidOutKobo: paidOut[m]!,
        awardsCostKobo: awardsCost[m]!,
        owedUnpaidKobo: owedUnpaid,
        cashHeldKobo: fees - out,
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
        owedUnpaidKobo: owedUnpaid,
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
      year: yearFigures(),
    };
  }

  return { matrices, join, payoutDay, endOfMonth, figures };
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
