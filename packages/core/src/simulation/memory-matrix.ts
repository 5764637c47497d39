import { getPlan, type Plan, type Programme } from '../plan';
import { fullDepthOf, levelCapacity, placementStep } from '../matrix/placement';
import { isFinished, stageFor } from '../matrix/stages';
import {
  promotionBenefits,
  referralBenefit,
  type AwardEntitlement,
  type CashCredit,
  type StageCompletion,
} from '../matrix/benefits';

/**
 * The whole engine in memory, with the same rules and the same order of effects as the database
 * engine (apps/server/src/modules/engine). The simulator runs on it, and the property tests use it
 * as the oracle for the database engine. Position 0 is the company root; account ids are numbers.
 */

export interface PaidCredit extends CashCredit {
  readonly position: number;
  readonly account: number;
  /** 'referral:<new position>' or 'stage:<k>', as the database keys credits. */
  readonly cause: string;
}

export interface RecordedAward extends AwardEntitlement {
  readonly position: number;
  readonly account: number;
}

export type JoinOutcome =
  | {
      readonly status: 'placed';
      readonly position: number;
      readonly parent: number;
      readonly slot: 0 | 1;
      readonly credits: PaidCredit[];
      readonly awards: RecordedAward[];
    }
  | { readonly status: 'refused'; readonly code: 'already_member' | 'position_in_progress' };

export interface MemoryMatrix {
  readonly plan: Plan;
  /** Adds one paid position for `account`, placed under the latest position of `sponsorAccount` (or the root). */
  join(account: number, sponsorAccount: number | null): JoinOutcome;
  readonly size: number;
  position(index: number): PositionView;
  /** The stage alone, without building a whole view (the simulator reads it for every position). */
  stageOf(index: number): number;
  latestPositionOf(account: number): number | undefined;
}

export interface PositionView {
  readonly index: number;
  readonly account: number | null;
  readonly parent: number | null;
  readonly children: readonly [number | null, number | null];
  readonly depth: number;
  readonly fullDepth: number;
  readonly levelCounts: readonly number[];
  readonly directReferrals: number;
  readonly referralBonusesPaid: number;
  readonly stage: number;
  readonly finished: boolean;
}

// One record of whole numbers per position, side by side in a single typed array: a join reads and writes
// a handful of ancestors, and each costs one trip to memory instead of one per field (and the collector has
// no million small arrays to walk).
const PARENT = 0;
const CHILD = 1; // CHILD + slot
const DEPTH = 3;
const FULL_DEPTH = 4;
const DIRECT = 5;
const BONUSES_PAID = 6;
const STAGE = 7;
const LEVELS = 8; // LEVELS + (relative depth - 1), for relative depths 1..window

/** What the simulator of the year adds to the bare engine; the property tests run without. */
export interface MemoryMatrixOptions {
  /**
   * Whether the account earns now. As the database engine does for a suspended or closed account, one that does
   * not keeps its place, its referral count and its stage, but is credited nothing and awarded nothing for them.
   */
  readonly earns?: (account: number) => boolean;
  /** Called when a position moves up, whether or not it earned for it (the grant opens at a stage). */
  readonly onPromote?: (account: number, from: number, to: number) => void;
  /** What an account that does not earn would have been given (the simulator counts it as forgone). */
  readonly onWithheld?: (account: number, completions: readonly StageCompletion[]) => void;
}

/** `plan` defaults to the programme's plan in force; the simulator passes a draft (same shape, other amounts). */
export function createMemoryMatrix(
  programme: Programme,
  plan: Plan = getPlan(programme),
  options: MemoryMatrixOptions = {},
): MemoryMatrix {
  const { earns, onPromote, onWithheld } = options;
  if (plan.programme !== programme)
    throw new Error(`createMemoryMatrix: a ${plan.programme} plan for the ${programme} matrix`);
  const window = plan.stages.length;
  const stride = LEVELS + window;
  let cells = new Int32Array(stride * 1024);
  let size = 0;
  /** Account ids as given (NaN for the company root, which belongs to nobody). */
  let accounts = new Float64Array(1024);
  const latest = new Map<number, number>();
  const capacity = Array.from({ length: window + 2 }, (_, level) => levelCapacity(level));

  const at = (p: number, field: number) => cells[p * stride + field]!;
  const levelCounts = (p: number) => cells.subarray(p * stride + LEVELS, p * stride + LEVELS + window);
  // Two scratch records handed to placementStep at each level of a descent (it only reads them).
  const left = { fullDepth: 0 };
  const right = { fullDepth: 0 };
  const childState = (scratch: { fullDepth: number }, c: number) => {
    if (c < 0) return null;
    scratch.fullDepth = at(c, FULL_DEPTH);
    return scratch;
  };
  const fullDepthAt = (c: number) => (c < 0 ? null : at(c, FULL_DEPTH));
  // The positions a join may promote, reused from join to join: the simulator runs hundreds of thousands.
  const touched: number[] = [];

  function add(account: number, parent: number, depth: number): number {
    if ((size + 1) * stride > cells.length) {
      const grown = new Int32Array(cells.length * 2);
      grown.set(cells);
      cells = grown;
      const grownAccounts = new Float64Array(accounts.length * 2);
      grownAccounts.set(accounts);
      accounts = grownAccounts;
    }
    const p = size++;
    const base = p * stride;
    cells.fill(0, base, base + stride);
    cells[base + PARENT] = parent;
    cells[base + CHILD] = -1;
    cells[base + CHILD + 1] = -1;
    cells[base + DEPTH] = depth;
    accounts[p] = account;
    return p;
  }
  add(NaN, -1, 0);

  function firstFreeSlot(top: number): { parent: number; slot: 0 | 1 } {
    let node = top;
    let remaining = at(top, FULL_DEPTH) + 1;
    for (;;) {
      const step = placementStep(
        remaining,
        childState(left, at(node, CHILD)),
        childState(right, at(node, CHILD + 1)),
      );
      if (step.kind === 'take') return { parent: node, slot: step.slot };
      node = at(node, CHILD + step.slot);
      remaining -= 1;
    }
  }

  function promote(p: number, credits: PaidCredit[], awards: RecordedAward[]) {
    if (p === 0) return; // the company root earns nothing
    const stage = at(p, STAGE);
    // The cheap test first, on the record the join just wrote: most positions it touches are nowhere near their next stage.
    if (stage >= window || at(p, LEVELS + stage) < capacity[stage + 1]!) return;
    const next = stageFor(plan, levelCounts(p), at(p, DIRECT));
    if (next <= stage) return;
    const owner = accounts[p]!;
    cells[p * stride + STAGE] = next;
    onPromote?.(owner, stage, next);
    if (earns && !earns(owner)) {
      onWithheld?.(owner, promotionBenefits(plan, stage, next));
      return;
    }
    for (const completion of promotionBenefits(plan, stage, next)) {
      for (const c of completion.credits)
        credits.push({ ...c, position: p, account: owner, cause: `stage:${completion.stage}` });
      for (const a of completion.awards) awards.push({ ...a, position: p, account: owner });
    }
  }

  function join(newAccount: number, sponsorAccount: number | null): JoinOutcome {
    const previous = latest.get(newAccount);
    if (previous !== undefined && !plan.rejoinAfterFinish)
      return { status: 'refused', code: 'already_member' };
    if (previous !== undefined && !isFinished(plan, at(previous, STAGE)))
      return { status: 'refused', code: 'position_in_progress' };

    const sponsor = sponsorAccount === null ? undefined : latest.get(sponsorAccount);
    const { parent, slot } = firstFreeSlot(sponsor ?? 0);
    const p = add(newAccount, parent, at(parent, DEPTH) + 1);
    cells[parent * stride + CHILD + slot] = p;
    latest.set(newAccount, p);

    touched.length = 0;
    for (let a = parent, d = 1; a >= 0 && d <= window; a = at(a, PARENT), d += 1) {
      cells[a * stride + LEVELS + d - 1]! += 1;
      touched.push(a);
    }
    for (let a = parent; a >= 0; a = at(a, PARENT)) {
      const next = fullDepthOf(fullDepthAt(at(a, CHILD)), fullDepthAt(at(a, CHILD + 1)));
      if (next === at(a, FULL_DEPTH)) break;
      cells[a * stride + FULL_DEPTH] = next;
    }

    const credits: PaidCredit[] = [];
    const awards: RecordedAward[] = [];
    if (sponsor !== undefined) {
      let bonus = referralBenefit(plan, at(sponsor, BONUSES_PAID));
      if (bonus && earns && !earns(sponsorAccount!)) {
        onWithheld?.(sponsorAccount!, [
          { stage: 0, credits: [{ kind: 'referral', stage: 0, amountKobo: bonus.amountKobo }], awards: [] },
        ]);
        bonus = null;
      }
      cells[sponsor * stride + DIRECT]! += 1;
      if (bonus) {
        cells[sponsor * stride + BONUSES_PAID]! += 1;
        credits.push({
          kind: 'referral',
          stage: 0,
          amountKobo: bonus.amountKobo,
          position: sponsor,
          account: sponsorAccount!,
          cause: `referral:${p}`,
        });
      }
      if (!touched.includes(sponsor)) touched.push(sponsor);
    }
    for (const a of touched) promote(a, credits, awards);
    return { status: 'placed', position: p, parent, slot, credits, awards };
  }

  return {
    plan,
    join,
    get size() {
      return size;
    },
    latestPositionOf: (a) => latest.get(a),
    stageOf: (index) => at(index, STAGE),
    position(index) {
      const c0 = at(index, CHILD);
      const c1 = at(index, CHILD + 1);
      const account = accounts[index]!;
      return {
        index,
        account: Number.isNaN(account) ? null : account,
        parent: at(index, PARENT) < 0 ? null : at(index, PARENT),
        children: [c0 < 0 ? null : c0, c1 < 0 ? null : c1],
        depth: at(index, DEPTH),
        fullDepth: at(index, FULL_DEPTH),
        levelCounts: Array.from(levelCounts(index)),
        directReferrals: at(index, DIRECT),
        referralBonusesPaid: at(index, BONUSES_PAID),
        stage: at(index, STAGE),
        finished: isFinished(plan, at(index, STAGE)),
      };
    },
  };
}
