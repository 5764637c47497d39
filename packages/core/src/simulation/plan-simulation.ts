import { getPlan, lastStage, PROGRAMMES, type Plan, type Programme } from '../plan';
import { createRecruitment } from './recruitment';
import { hashedFloat, seededRandom } from './seeded-random';
import { monthlyJoins, yearInputs, type PlanSimulationInput, type YearInputs } from './simulation-inputs';
import {
  createVersionBooks,
  type VersionBooks,
  type VersionFigures,
  type VersionLabel,
  type YearContext,
} from './version-books';

export interface PlanSimulationReport {
  /** New members planned for each month (the shape), the same for both versions. */
  readonly newMembersPerMonth: readonly number[];
  /** Members still bringing people at the end of each month (drop-out and the recruiting curve), both versions. */
  readonly recruitingPerMonth: readonly number[];
  /** Members suspended during each month, both versions. */
  readonly suspendedPerMonth: readonly number[];
  readonly draft: VersionFigures;
  readonly current: VersionFigures;
}

/** One payment of the synthetic sequence, as the database engine would be asked to place it. */
export interface SimulatedJoin {
  readonly month: number;
  readonly programme: Programme;
  readonly account: number;
  /** The account whose link the member signed up with (null: the company's). */
  readonly sponsor: number | null;
}

export interface SimulationHooks {
  /** Called after each month with the payments placed so far and all there will be (re-registrations estimated as none). */
  readonly onProgress?: (done: number, total: number) => void;
  readonly onJoin?: (join: SimulatedJoin) => void;
  /** A member drawn to be suspended from month `from` until (not including) month `until`, 0-based. */
  readonly onSuspension?: (account: number, from: number, until: number) => void;
}

/**
 * Runs one synthetic join sequence, drawn from the inputs and the seed, through the real engine of this package
 * once per version compared, side by side: the same people join in the same order under each version, so every
 * difference in the figures is the plan's. Deterministic for a seed.
 */
export function simulatePlan(
  { plans, inputs }: PlanSimulationInput,
  hooks: SimulationHooks = {},
): PlanSimulationReport {
  const newMembersPerMonth = monthlyJoins(inputs);
  const accounts = newMembersPerMonth.reduce((s, n) => s + n, 0);
  const random = seededRandom(inputs.seed);
  const recruitment = createRecruitment(random, inputs, accounts);
  const versionPlans = (label: VersionLabel) =>
    Object.fromEntries(PROGRAMMES.map((p) => [p, plans[p]?.[label] ?? getPlan(p)])) as Record<
      Programme,
      Plan
    >;
  const suspensions = createSuspensions(
    yearInputs(inputs),
    inputs.seed,
    inputs.months,
    accounts,
    hooks.onSuspension,
  );
  const current = createVersionBooks(
    'current',
    versionPlans('current'),
    inputs.months,
    accounts,
    inputs.minimumPayoutKobo,
    suspensions,
  );
  const draft = createVersionBooks(
    'draft',
    versionPlans('draft'),
    inputs.months,
    accounts,
    inputs.minimumPayoutKobo,
    suspensions,
  );
  const books: VersionBooks[] = [current, draft];
  const sponsorOf = new Float64Array(accounts).fill(-1);
  const rejoinWatch = createRejoinWatch(current, inputs.rejoinShare, random);
  let rejoining: number[] = [];
  let next = 0;
  let done = 0;
  const recruitingPerMonth: number[] = [];

  const pay = (month: number, programme: Programme, account: number) => {
    const sponsor = sponsorOf[account]! < 0 ? null : sponsorOf[account]!;
    hooks.onJoin?.({ month, programme, account, sponsor });
    for (const version of books) version.join(month, programme, account, sponsor);
    done += 1;
  };

  for (let month = 0; month < inputs.months; month += 1) {
    if (month > 0) for (const version of books) version.payoutDay(month);
    recruitment.dropOut(month);
    // A re-registration keeps the sponsor the account signed up with, as the database engine does.
    for (const account of rejoining) pay(month, 'welcomeback', account);
    for (let i = 0; i < newMembersPerMonth[month]!; i += 1) {
      const programme: Programme = random.float() < inputs.mainShare ? 'main' : 'welcomeback';
      const account = next++;
      const sponsor = recruitment.sponsorFor(programme);
      sponsorOf[account] = sponsor ?? -1;
      recruitment.add(programme, account, month);
      suspensions.draw(account, month);
      pay(month, programme, account);
    }
    for (const version of books) version.endOfMonth(month);
    recruitingPerMonth.push(recruitment.recruiting());
    rejoining = rejoinWatch();
    hooks.onProgress?.(done, Math.max(done, accounts));
  }
  return {
    newMembersPerMonth,
    recruitingPerMonth,
    suspendedPerMonth: Array.from(suspensions.perMonth),
    current: current.figures(),
    draft: draft.figures(),
  };
}

/**
 * Who is suspended when, drawn once per member as they join (the same for both versions): with the input share,
 * a member is suspended from a month drawn among the 12 after they join, for the input's months, then reinstated.
 */
function createSuspensions(
  assume: YearInputs,
  seed: number,
  months: number,
  accounts: number,
  onSuspension: SimulationHooks['onSuspension'],
) {
  const from = new Int32Array(accounts).fill(-1);
  const until = new Int32Array(accounts).fill(-1);
  const perMonth = new Float64Array(months);
  const context: YearContext & { perMonth: Float64Array; draw(account: number, month: number): void } = {
    inputs: assume,
    seed,
    perMonth,
    suspendedIn: (account, month) => from[account]! <= month && month < until[account]!,
    activeFrom: (account, month) => (context.suspendedIn(account, month) ? until[account]! : month),
    draw(account, month) {
      if (assume.suspendedShare <= 0 || assume.suspensionMonths <= 0) return;
      if (hashedFloat(seed, account, 1, 0) >= assume.suspendedShare) return;
      from[account] = month + 1 + Math.floor(hashedFloat(seed, account, 2, 0) * 12);
      until[account] = from[account]! + assume.suspensionMonths;
      for (let m = from[account]!; m < Math.min(months, until[account]!); m += 1) perMonth[m]! += 1;
      onSuspension?.(account, from[account]!, until[account]!);
    },
  };
  return context;
}

/**
 * Welcome Back members whose position finished since the last look, each drawn to pay again next month or not.
 * Finishing is read from the current version's matrix: both versions share the shape, so they finish together.
 */
function createRejoinWatch(books: VersionBooks, share: number, random: ReturnType<typeof seededRandom>) {
  const matrix = books.matrices.welcomeback;
  const last = lastStage(matrix.plan);
  const seen = new Set<number>();
  return (): number[] => {
    if (share <= 0 || !matrix.plan.rejoinAfterFinish) return [];
    const found: number[] = [];
    for (let p = 1; p < matrix.size; p += 1) {
      if (matrix.stageOf(p) <= last || seen.has(p)) continue;
      seen.add(p);
      if (random.float() < share) found.push(matrix.position(p).account!);
    }
    return found;
  };
}
