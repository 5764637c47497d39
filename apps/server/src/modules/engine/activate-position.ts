import { sql } from 'drizzle-orm';
import {
  fullDepthOf,
  isFinished,
  placementStep,
  promotionBenefits,
  referralBenefit,
  stageFor,
  stageName,
  stageProgress,
  type Plan,
  type Programme,
} from '@coop/core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { findAccount, lockAccount, type Account } from '../accounts/account-store';
import { notify } from '../notifications/mail-queue';
import { planBook, type PlanBook } from '../plans/plan-book';
import { creditBenefits, creditLabel, recordAwards, recordFee } from './benefit-postings';
import {
  childrenBelow,
  childrenOf,
  type ChildrenByParent,
  latestPositionAndBelow,
  latestPositionOf,
  lockProgramme,
  positionColumns,
  selectPositions,
  toPosition,
  type PositionRow,
} from './position-store';

export interface ActivateInput {
  accountId: string;
  programme: Programme;
  /** The paid payment's reference: one position per reference, however often this is called. */
  paymentReference: string;
  amountKobo: number;
  /**
   * When the member started the payment: the position joins under the version in force then (decision 0062), the
   * terms and fee they saw at checkout, even when a new version takes effect before the payment settles. Absent: now.
   */
  startedAt?: Date;
}

export type ActivateResult =
  /** `member`: the account as read under its lock, so the caller's notice to the member needs no second read. */
  | { status: 'placed'; positionId: number; member: Account }
  | { status: 'already_placed'; positionId: number }
  | {
      status: 'refused';
      code: 'already_member' | 'position_in_progress' | 'wrong_amount' | 'account_unknown';
      message: string;
    };

export class EngineError extends Error {}

/**
 * Places a paid position and settles every consequence in the caller's transaction: the matrix, the
 * cascade of promotions, each benefit once, awards, and balanced journal entries. The new position joins under
 * the version published now; every credit and award goes by the version of the position that receives it.
 */
export async function activatePosition(tx: Tx, input: ActivateInput): Promise<ActivateResult> {
  // The account's own checks come before the programme's lock, which every placement waits for: under the account's
  // lock its positions cannot change, and every path takes the account before the programme (decision 0055).
  const account = await lockAccount(tx, input.accountId);
  if (!account || account.programme !== input.programme)
    return { status: 'refused', code: 'account_unknown', message: 'No such account in this programme.' };
  const previous = await latestPositionOf(tx, account.id);
  if (previous?.paymentReference === input.paymentReference)
    return { status: 'already_placed', positionId: previous.id };
  // Also before the programme's lock, which every placement waits for (one statement fewer under it; decision 0055,
  // addendum 2): positions are only inserted here, under their account's lock, which this placement holds, and a
  // reference names one position at most (unique), so no other placement can add this reference meanwhile.
  const [already] = await selectPositions(tx, sql`payment_reference = ${input.paymentReference}`);
  if (already) return { status: 'already_placed', positionId: already.id };
  // The sponsor's account (does it earn? where does its notice go?) is read before the lock too. Its status is read
  // unlocked either way, so a suspension committed meanwhile races this placement under the lock as before it.
  const accounts = placementAccounts(tx);
  if (account.sponsorAccountId) await accounts.of(account.sponsorAccountId);

  const root = await lockProgramme(tx, input.programme);
  // Read under the programme's lock: a version published meanwhile waits for this placement or applies to it whole.
  const plans = planBook(tx);
  const plan = await plans.current(input.programme, input.startedAt);
  if (input.amountKobo !== plan.feeKobo)
    return {
      status: 'refused',
      code: 'wrong_amount',
      message: `The fee is ${plan.feeKobo} kobo, not ${input.amountKobo}.`,
    };
  if (previous && input.programme === 'main')
    return { status: 'refused', code: 'already_member', message: 'You are already a member.' };
  if (previous && previous.finishedAt === null)
    return {
      status: 'refused',
      code: 'position_in_progress',
      message: 'Your current position has not finished Thank You yet.',
    };

  const sponsorAndBelow = account.sponsorAccountId
    ? await latestPositionAndBelow(tx, account.sponsorAccountId, LEVELS_PER_READ)
    : null;
  const sponsor = sponsorAndBelow?.position ?? null;
  const { parent, slot, children } = sponsorAndBelow
    ? await findFirstFreeSlot(tx, sponsorAndBelow.position, sponsorAndBelow.below)
    : await findFirstFreeSlot(tx, root);
  const window = plan.stages.length;
  const [inserted] = await queryRows<Parameters<typeof toPosition>[0]>(
    tx,
    sql`insert into positions (programme, account_id, sponsor_position_id, parent_id, slot, depth, level_counts, ancestors, cycle, plan_version, payment_reference)
        values (${input.programme}, ${account.id}, ${sponsor?.id ?? null}, ${parent.id}, ${slot}, ${parent.depth + 1},
                ${`{${new Array(window).fill(0).join(',')}}`}::int[],
                ${`{${[parent.id, ...parent.ancestors].slice(0, window).join(',')}}`}::bigint[],
                ${previous ? previous.cycle + 1 : 1}, ${plan.version}, ${input.paymentReference})
        returning ${positionColumns()}`,
  );
  const position = toPosition(inserted!);
  await recordFee(tx, plan, position, account.id);

  const touched = await countIntoAncestors(tx, parent.id, position.ancestors.length);
  // The parent's children are known from the descent: the one it had and the new one.
  const parentChildren: Children = slot === 0 ? [position, children[1]] : [children[0], position];
  await propagateFullDepth(tx, parent, parentChildren, touched);
  if (sponsor) {
    const updated = await creditReferral(
      tx,
      await planOf(plans, sponsor),
      sponsor,
      position,
      account.fullName,
      accounts,
    );
    touched.set(updated.id, updated);
  }
  for (const ancestor of touched.values())
    if (ancestor.accountId !== null) await promote(tx, await planOf(plans, ancestor), ancestor, accounts);
  return { status: 'placed', positionId: position.id, member: account };
}

/** What the position was promised: the version it joined under. */
const planOf = (plans: PlanBook, position: PositionRow): Promise<Plan> =>
  plans.version(position.programme, position.planVersion);

type Children = [PositionRow | null, PositionRow | null];

/** How many levels below a node one statement of the descent reads: 14 rows at most, a third of the round trips. */
const LEVELS_PER_READ = 3;

/**
 * Breadth-first, left to right, within `top`'s subtree: descend along the first level that is not full. Each
 * statement reads three levels below the node it stands on, and the core's step is taken on them in memory.
 * `first`: the three levels below `top`, when the read that found `top` brought them (a sponsor's place).
 */
async function findFirstFreeSlot(
  tx: Tx,
  top: PositionRow,
  first?: ChildrenByParent,
): Promise<{ parent: PositionRow; slot: 0 | 1; children: Children }> {
  let node = top;
  let remaining = top.fullDepth + 1;
  let prefetched = first;
  for (;;) {
    const below = prefetched ?? (await childrenBelow(tx, node.id, Math.min(LEVELS_PER_READ, remaining)));
    prefetched = undefined;
    // The read holds the children of every node fewer than LEVELS_PER_READ steps below where it started.
    for (let level = 0; level < LEVELS_PER_READ; level += 1) {
      const children = below.get(node.id) ?? [null, null];
      const step = placementStep(remaining, children[0], children[1]);
      if (step.kind === 'take') return { parent: node, slot: step.slot, children };
      const next = children[step.slot];
      if (!next) throw new EngineError(`matrix inconsistent below position ${node.id}`);
      node = next;
      remaining -= 1;
    }
  }
}

/**
 * The accounts a placement credits, each read once however many of its positions are touched: whether it earns (is
 * active), and the account its notice goes to, which the notice would otherwise read again inside the programme's lock.
 */
function placementAccounts(tx: Tx) {
  const known = new Map<string, Promise<Account | null>>();
  const of = (accountId: string): Promise<Account | null> => {
    let account = known.get(accountId);
    if (!account) known.set(accountId, (account = findAccount(tx, accountId)));
    return account;
  };
  return {
    of,
    earning: async (position: PositionRow): Promise<boolean> =>
      position.accountId !== null && (await of(position.accountId))?.status === 'active',
  };
}
type PlacementAccounts = ReturnType<typeof placementAccounts>;

/**
 * Every position above the new one has one more in its subtree (Referral Node), and one more at the new one's distance
 * below it (the matrix screen's level sizes), however far up: kept here so no read walks the tree. The nearest
 * `window` of them (the new position's stage window, its `ancestors`) also count it once at that distance in their
 * `level_counts`. One statement, each row written once, under the programme's lock (decision 0065). Answers the
 * window's ancestors as updated, by id.
 */
async function countIntoAncestors(
  tx: Tx,
  parentId: number,
  window: number,
): Promise<Map<number, PositionRow>> {
  const rows = await queryRows<Parameters<typeof toPosition>[0] & { distance: number }>(
    tx,
    sql`with recursive up(id, level) as (
          select ${parentId}::bigint, 1
          union all
          select p.parent_id, up.level + 1 from positions p join up on p.id = up.id where p.parent_id is not null
        ), sized as (
          insert into matrix_level_sizes (position_id, level, positions) select id, level, 1 from up
          on conflict (position_id, level) do update set positions = matrix_level_sizes.positions + 1
        )
        update positions p set subtree_size = p.subtree_size + 1,
          level_counts = case when up.level <= ${window}::int
            then p.level_counts[1:up.level - 1] || (p.level_counts[up.level] + 1) || p.level_counts[up.level + 1:]
            else p.level_counts end
        from up where p.id = up.id
        returning ${positionColumns('p')}, up.level as distance`,
  );
  return new Map(rows.filter((r) => r.distance <= window).map((r) => [Number(r.id), toPosition(r)]));
}

/**
 * full_depth changes only while a level completes, so the walk stops after about log2(members) steps at most. It
 * goes up the ancestors whose rows the placement already holds (`known`, the stage window): their other children
 * are read in one statement and the changed depths written in one, instead of three statements a step under the
 * programme's lock (decision 0055, addendum 3). Above the window it goes on a step at a time.
 */
async function propagateFullDepth(
  tx: Tx,
  parent: PositionRow,
  parentChildren: Children,
  known: Map<number, PositionRow>,
) {
  let next = fullDepthOf(parentChildren[0]?.fullDepth ?? null, parentChildren[1]?.fullDepth ?? null);
  if (next === parent.fullDepth) return;
  const above = parent.ancestors.filter((id) => known.has(id));
  const childrenAbove = new Map<number, Children>();
  if (above.length > 0)
    for (const child of await selectPositions(
      tx,
      sql`parent_id in (${sql.join(
        above.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )) {
      const pair = childrenAbove.get(child.parentId!) ?? [null, null];
      if (child.slot === 0 || child.slot === 1) pair[child.slot] = child;
      childrenAbove.set(child.parentId!, pair);
    }
  const changed: Array<[id: number, fullDepth: number]> = [];
  let node = parent;
  let beyond: number | null = null;
  for (;;) {
    changed.push([node.id, next]);
    if (node.parentId === null) break;
    const up = known.get(node.parentId);
    if (!up) {
      beyond = node.parentId;
      break;
    }
    const [left, right] = childrenAbove.get(up.id) ?? [null, null];
    const depthOf = (child: PositionRow | null) =>
      child?.id === node.id ? next : (child?.fullDepth ?? null);
    const upNext = fullDepthOf(depthOf(left), depthOf(right));
    if (upNext === up.fullDepth) break;
    node = up;
    next = upNext;
  }
  await tx.execute(
    sql`update positions p set full_depth = v.full_depth
        from (values ${sql.join(
          changed.map(([id, depth]) => sql`(${id}::bigint, ${depth}::int)`),
          sql`, `,
        )}) as v(id, full_depth)
        where p.id = v.id`,
  );
  if (beyond !== null) await propagateStepByStep(tx, beyond);
}

/** The walk above the stage window, a step at a time: a read of the node, its children, and a write. */
async function propagateStepByStep(tx: Tx, startId: number) {
  let [node] = await selectPositions(tx, sql`id = ${startId}`);
  while (node) {
    const [left, right] = await childrenOf(tx, node.id);
    const next = fullDepthOf(left?.fullDepth ?? null, right?.fullDepth ?? null);
    if (next === node.fullDepth) return;
    await tx.execute(sql`update positions set full_depth = ${next} where id = ${node.id}`);
    if (node.parentId === null) return;
    [node] = await selectPositions(tx, sql`id = ${node.parentId}`);
  }
}

async function creditReferral(
  tx: Tx,
  plan: Plan,
  sponsor: PositionRow,
  newcomer: PositionRow,
  newcomerName: string,
  accounts: PlacementAccounts,
) {
  const bonus = (await accounts.earning(sponsor)) ? referralBenefit(plan, sponsor.referralBonusesPaid) : null;
  const [row] = await queryRows<Parameters<typeof toPosition>[0]>(
    tx,
    sql`update positions set direct_referrals = direct_referrals + 1,
          referral_bonuses_paid = referral_bonuses_paid + ${bonus ? 1 : 0}
        where id = ${sponsor.id} returning ${positionColumns()}`,
  );
  const updated = toPosition(row!);
  if (bonus && updated.accountId) {
    await creditBenefits(
      tx,
      plan,
      updated,
      `referral:${newcomer.id}`,
      [{ kind: 'referral', stage: 0, amountKobo: bonus.amountKobo }],
      `Referral bonus from ${newcomerName}`,
    );
    await notify(
      tx,
      updated.accountId,
      {
        kind: 'bonus_credited',
        bonus: 'Referral bonus',
        lines: [{ label: `Referral bonus from ${newcomerName}`, amountKobo: bonus.amountKobo }],
      },
      await accounts.of(updated.accountId),
    );
  }
  return updated;
}

async function promote(tx: Tx, plan: Plan, position: PositionRow, accounts: PlacementAccounts) {
  if (position.accountId === null) return; // the company root earns nothing
  const stage = stageFor(plan, position.levelCounts, position.directReferrals);
  if (stage <= position.stage) return;
  const finished = stage > plan.stages.length - 1;
  await tx.execute(
    sql`update positions set stage = ${stage}, finished_at = ${finished ? sql`now()` : null} where id = ${position.id}`,
  );
  // A suspended or closed account keeps its place and its stage but earns nothing for it.
  if (!(await accounts.earning(position))) return;
  const benefits = promotionBenefits(plan, position.stage, stage);
  for (const completed of benefits) {
    const name = plan.stages[completed.stage]!.name;
    await creditBenefits(
      tx,
      plan,
      position,
      `stage:${completed.stage}`,
      completed.credits,
      `for completing ${name} (stage ${completed.stage})`,
    );
    await recordAwards(tx, plan, position, completed.awards);
  }
  // One notification for the promotion, itemising what every completed stage paid and awarded.
  await notify(
    tx,
    position.accountId,
    {
      kind: 'promotion',
      reachedStage: stageName(plan, stage),
      completed: benefits.map((c) => plan.stages[c.stage]!.name),
      lines: benefits.flatMap((c) =>
        c.credits
          .filter((credit) => credit.amountKobo !== 0)
          .map((credit) => ({ label: creditLabel(plan, credit), amountKobo: credit.amountKobo })),
      ),
      awards: benefits.flatMap((c) =>
        c.awards.map((a) => ({ label: a.description, amountKobo: a.valueKobo })),
      ),
      next: isFinished(plan, stage)
        ? null
        : stageProgress(plan, stage, position.levelCounts, position.directReferrals).summary,
    },
    await accounts.of(position.accountId),
  );
}
