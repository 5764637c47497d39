import { sql } from 'drizzle-orm';
import type { AwardEntitlement, CashCredit, Plan } from '@coop/core';
import type { Tx } from '../../db/client';
import { postEntry, type EntryLine } from '../ledger/post-entry';
import type { PositionRow } from './position-store';

const MEMO_PREFIX: Record<CashCredit['kind'], string> = {
  referral: 'Referral bonus',
  activities: 'Activities bonus',
  graduating: 'Graduating bonus',
  thank_you: 'Thank You bonus',
  health_fee: 'Health organisation registration fee',
};

/** How a credit reads to the member: "Graduating bonus for Welcome (stage 0)". */
export function creditLabel(plan: Plan, credit: CashCredit): string {
  return `${MEMO_PREFIX[credit.kind]} for ${plan.stages[credit.stage]?.name ?? `stage ${credit.stage}`} (stage ${credit.stage})`;
}

/** The registration fee: the provider holds the money for us, and it is the company's income. */
export async function recordFee(tx: Tx, plan: Plan, position: PositionRow, accountId: string) {
  await postEntry(tx, {
    kind: 'fee',
    idempotencyKey: `fee:${position.paymentReference}`,
    programme: position.programme,
    memo: `Registration fee of position ${position.id} (account ${accountId})`,
    planVersion: plan.version,
    lines: [
      { account: { kind: 'provider_settlement', programme: position.programme }, amountKobo: -plan.feeKobo },
      { account: { kind: 'fee_income', programme: position.programme }, amountKobo: plan.feeKobo },
    ],
  });
}

/**
 * One journal entry per (position, cause): bonus expense pays the wallet, and a deduction goes to the
 * health organisation instead of the wallet. The credits rows' unique key stops any second payment.
 */
export async function creditBenefits(
  tx: Tx,
  plan: Plan,
  position: PositionRow,
  cause: string,
  credits: readonly CashCredit[],
  memo: string,
) {
  const accountId = position.accountId!;
  const paid = credits.filter((c) => c.amountKobo !== 0);
  if (paid.length === 0) return;
  const grossKobo = paid.filter((c) => c.amountKobo > 0).reduce((s, c) => s + c.amountKobo, 0);
  const deductedKobo = -paid.filter((c) => c.amountKobo < 0).reduce((s, c) => s + c.amountKobo, 0);
  const lines: EntryLine[] = [
    { account: { kind: 'bonus_expense', programme: position.programme }, amountKobo: -grossKobo },
    {
      account: { kind: 'wallet', programme: position.programme, accountId },
      amountKobo: grossKobo - deductedKobo,
    },
  ];
  if (deductedKobo > 0)
    lines.push({
      account: { kind: 'health_fee_payable', programme: position.programme },
      amountKobo: deductedKobo,
    });
  const kinds = paid.map((c) => MEMO_PREFIX[c.kind].toLowerCase()).join(', ');
  const entry = await postEntry(tx, {
    kind: cause.startsWith('referral') ? 'referral_bonus' : 'promotion',
    idempotencyKey: `credit:${position.id}:${cause}`,
    programme: position.programme,
    memo: cause.startsWith('referral') ? memo : `${kinds[0]!.toUpperCase()}${kinds.slice(1)} ${memo}`,
    planVersion: plan.version,
    lines,
  });
  // The credits rows and the position's totals by kind, in one statement: the dashboard reads the totals instead of
  // summing credits, and they move in the same transaction.
  const sum = (kind: CashCredit['kind']) =>
    paid.filter((c) => c.kind === kind).reduce((s, c) => s + c.amountKobo, 0);
  await tx.execute(sql`
    with written as (
      insert into credits (position_id, account_id, programme, kind, stage, cause, amount_kobo, plan_version, journal_entry_id)
      values ${sql.join(
        paid.map(
          (credit) =>
            sql`(${position.id}, ${accountId}, ${position.programme}, ${credit.kind}, ${credit.stage}, ${cause}, ${credit.amountKobo}, ${plan.version}, ${entry.entryId})`,
        ),
        sql`, `,
      )}
      returning 1
    )
    update positions set
      credited_referral_kobo = credited_referral_kobo + ${sum('referral')},
      credited_activities_kobo = credited_activities_kobo + ${sum('activities')},
      credited_graduating_kobo = credited_graduating_kobo + ${sum('graduating')},
      credited_thank_you_kobo = credited_thank_you_kobo + ${sum('thank_you')},
      credited_health_fee_kobo = credited_health_fee_kobo + ${sum('health_fee')}
    where id = ${position.id}`);
}

/**
 * Records award entitlements when they are earned. A yearly award (the Golden Crown's five installments) is
 * earned at once, but its first installment falls due now and each next one on the anniversary of the first.
 */
export async function recordAwards(
  tx: Tx,
  plan: Plan,
  position: PositionRow,
  awards: readonly AwardEntitlement[],
) {
  if (awards.length === 0) return;
  await tx.execute(sql`
    insert into awards (position_id, account_id, programme, kind, stage, installment, value_kobo, description, plan_version, due_at)
    values ${sql.join(
      awards.map(
        (award) =>
          sql`(${position.id}, ${position.accountId}, ${position.programme}, ${award.kind}, ${award.stage}, ${award.installment},
               ${award.valueKobo}, ${award.description}, ${plan.version}, now() + make_interval(years => ${award.installment - 1}))`,
      ),
      sql`, `,
    )}`);
}
