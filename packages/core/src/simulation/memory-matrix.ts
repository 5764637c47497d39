import { getPlan, type Plan, type Programme } from '../plan';
import { fullDepthOf, placementStep } from '../matrix/placement';
import { isFinished, stageFor } from '../matrix/stages';
import { promotionBenefits, referralBenefit, type AwardEntitlement, type CashCredit } from '../matrix/benefits';

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
  | { readonly status: 'placed'; readonly position: number; readonly parent: number; readonly slot: 0 | 1; readonly credits: PaidCredit[]; readonly awards: RecordedAward[] }
  | { readonly status: 'refused'; readonly code: 'already_member' | 'position_in_progress' };

export interface MemoryMatrix {
  readonly plan: Plan;
  /** Adds one paid position for `account`, placed under the latest position of `sponsorAccount` (or the root). */
  join(account: number, sponsorAccount: number | null): JoinOutcome;
  readonly size: number;
  position(index: number): PositionView;
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

export function createMemoryMatrix(programme: Programme): MemoryMatrix {
  const plan = getPlan(programme);
  const window = plan.stages.length;
  const account: (number | null)[] = [null];
  const parent: number[] = [-1];
  const children: number[] = [-1, -1];
  const depth: number[] = [0];
  const fullDepth: number[] = [0];
  const levelCounts: number[][] = [new Array<number>(window).fill(0)];
  const directReferrals: number[] = [0];
  const referralBonusesPaid: number[] = [0];
  const stage: number[] = [0];
  const latest = new Map<number, number>();

  const child = (p: number, slot: 0 | 1) => children[p * 2 + slot]!;
  const childState = (c: number) => (c < 0 ? null : { fullDepth: fullDepth[c]! });

  function firstFreeSlot(top: number): { parent: number; slot: 0 | 1 } {
    let node = top;
    let remaining = fullDepth[top]! + 1;
    for (;;) {
      const step = placementStep(remaining, childState(child(node, 0)), childState(child(node, 1)));
      if (step.kind === 'take') return { parent: node, slot: step.slot };
      node = child(node, step.slot);
      remaining -= 1;
    }
  }

  function promote(p: number, credits: PaidCredit[], awards: RecordedAward[]) {
    const owner = account[p];
    if (owner === null || owner === undefined) return; // the company root earns nothing
    const next = stageFor(plan, levelCounts[p]!, directReferrals[p]!);
    if (next <= stage[p]!) return;
    for (const completion of promotionBenefits(plan, stage[p]!, next)) {
      for (const c of completion.credits) credits.push({ ...c, position: p, account: owner, cause: `stage:${completion.stage}` });
      for (const a of completion.awards) awards.push({ ...a, position: p, account: owner });
    }
    stage[p] = next;
  }

  function join(newAccount: number, sponsorAccount: number | null): JoinOutcome {
    const previous = latest.get(newAccount);
    if (previous !== undefined && !plan.rejoinAfterFinish) return { status: 'refused', code: 'already_member' };
    if (previous !== undefined && !isFinished(plan, stage[previous]!)) return { status: 'refused', code: 'position_in_progress' };

    const sponsor = sponsorAccount === null ? undefined : latest.get(sponsorAccount);
    const { parent: at, slot } = firstFreeSlot(sponsor ?? 0);
    const p = account.length;
    account.push(newAccount);
    parent.push(at);
    children.push(-1, -1);
    children[at * 2 + slot] = p;
    depth.push(depth[at]! + 1);
    fullDepth.push(0);
    levelCounts.push(new Array<number>(window).fill(0));
    directReferrals.push(0);
    referralBonusesPaid.push(0);
    stage.push(0);
    latest.set(newAccount, p);

    const touched: number[] = [];
    for (let a = at, d = 1; a >= 0 && d <= window; a = parent[a]!, d += 1) {
      levelCounts[a]![d - 1]! += 1;
      touched.push(a);
    }
    for (let a = at; a >= 0; a = parent[a]!) {
      const next = fullDepthOf(fullDepthAt(child(a, 0)), fullDepthAt(child(a, 1)));
      if (next === fullDepth[a]) break;
      fullDepth[a] = next;
    }

    const credits: PaidCredit[] = [];
    const awards: RecordedAward[] = [];
    if (sponsor !== undefined) {
      const bonus = referralBenefit(plan, referralBonusesPaid[sponsor]!);
      directReferrals[sponsor]! += 1;
      if (bonus) {
        referralBonusesPaid[sponsor]! += 1;
        credits.push({ kind: 'referral', stage: 0, amountKobo: bonus.amountKobo, position: sponsor, account: sponsorAccount!, cause: `referral:${p}` });
      }
      if (!touched.includes(sponsor)) touched.push(sponsor);
    }
    for (const a of touched) promote(a, credits, awards);
    return { status: 'placed', position: p, parent: at, slot, credits, awards };
  }

  function fullDepthAt(c: number): number | null {
    return c < 0 ? null : fullDepth[c]!;
  }

  return {
    plan,
    join,
    get size() {
      return account.length;
    },
    latestPositionOf: (a) => latest.get(a),
    position(index) {
      const c0 = child(index, 0);
      const c1 = child(index, 1);
      return {
        index,
        account: account[index] ?? null,
        parent: parent[index]! < 0 ? null : parent[index]!,
        children: [c0 < 0 ? null : c0, c1 < 0 ? null : c1],
        depth: depth[index]!,
        fullDepth: fullDepth[index]!,
        levelCounts: [...levelCounts[index]!],
        directReferrals: directReferrals[index]!,
        referralBonusesPaid: referralBonusesPaid[index]!,
        stage: stage[index]!,
        finished: isFinished(plan, stage[index]!),
      };
    },
  };
}
