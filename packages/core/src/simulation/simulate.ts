import { stageName, type Programme } from '../plan';
import { createMemoryMatrix, type JoinOutcome } from './memory-matrix';

export type ReferralPattern = 'random' | 'chain' | 'balanced';

export interface SimulationInput {
  readonly programme: Programme;
  /** Paid joins to run (Welcome Back re-registrations count as joins). */
  readonly joins: number;
  readonly referrals: ReferralPattern;
  /** A seeded source of whole numbers in [0, maxExclusive): the caller owns randomness. */
  readonly randomInt: (maxExclusive: number) => number;
  /** Called after each join; the property tests use it to check invariants as they go. */
  readonly onJoin?: (outcome: JoinOutcome) => void;
}

export interface SimulationReport {
  readonly programme: Programme;
  readonly joins: number;
  readonly accounts: number;
  readonly positionsPerStage: ReadonlyArray<{
    readonly stage: number;
    readonly name: string;
    readonly positions: number;
  }>;
  readonly feesKobo: number;
  readonly cashBonusesKobo: number;
  readonly healthFeesKobo: number;
  readonly awardsKoboByKind: Readonly<Record<string, number>>;
  readonly bonusToFeeRatio: number;
}

/** Runs joins through the in-memory engine and totals what the plan owes. */
export function simulate(input: SimulationInput): SimulationReport {
  const matrix = createMemoryMatrix(input.programme);
  const finishedWaiting: number[] = [];
  const sponsorOf: (number | null)[] = [];
  let accounts = 0;
  let feesKobo = 0;
  let cashBonusesKobo = 0;
  let healthFeesKobo = 0;
  const awardsKoboByKind: Record<string, number> = {};

  for (let i = 0; i < input.joins; i += 1) {
    const rejoin = finishedWaiting.length > 0 && input.randomInt(2) === 0;
    const account = rejoin ? finishedWaiting.shift()! : accounts++;
    if (!rejoin) sponsorOf[account] = sponsorFor(input, account);
    // A re-registration keeps the sponsor the account signed up with, as the database engine does.
    const sponsor = sponsorOf[account] ?? null;
    const outcome = matrix.join(account, sponsor);
    input.onJoin?.(outcome);
    if (outcome.status !== 'placed') continue;
    feesKobo += matrix.plan.feeKobo;
    for (const c of outcome.credits) {
      if (c.kind === 'health_fee') healthFeesKobo -= c.amountKobo;
      cashBonusesKobo += c.amountKobo;
    }
    for (const a of outcome.awards) awardsKoboByKind[a.kind] = (awardsKoboByKind[a.kind] ?? 0) + a.valueKobo;
    if (matrix.plan.rejoinAfterFinish) {
      const finished = new Set(
        outcome.credits
          .filter((c) => c.cause === `stage:${matrix.plan.stages.length - 1}`)
          .map((c) => c.account),
      );
      finishedWaiting.push(...finished);
    }
  }

  const perStage = new Map<number, number>();
  for (let p = 1; p < matrix.size; p += 1) {
    const s = matrix.stageOf(p);
    perStage.set(s, (perStage.get(s) ?? 0) + 1);
  }
  return {
    programme: input.programme,
    joins: input.joins,
    accounts,
    positionsPerStage: Array.from({ length: matrix.plan.stages.length + 1 }, (_, stage) => ({
      stage,
      name: stageName(matrix.plan, stage),
      positions: perStage.get(stage) ?? 0,
    })),
    feesKobo,
    cashBonusesKobo,
    healthFeesKobo,
    awardsKoboByKind,
    bonusToFeeRatio: feesKobo === 0 ? 0 : cashBonusesKobo / feesKobo,
  };
}

function sponsorFor(input: SimulationInput, account: number): number | null {
  if (account === 0) return null;
  switch (input.referrals) {
    case 'chain':
      return account - 1;
    case 'balanced':
      return Math.floor((account - 1) / 2);
    case 'random':
      return input.randomInt(account);
  }
}
