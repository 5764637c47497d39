import type { FraudRule } from '@coop/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/*
 * The fraud_flags table as other modules use it (issue 37: member review owns it). A flag that holds payouts keeps
 * back the monthly payout (payouts) and a cash payout (cash-outs); a dispute at Paystack raises and clears one
 * (disputes); the members export lists the open ones. Those modules call these; none names the table.
 */

/** An open flag that holds the account's payouts (the account's id as SQL, a column of the caller's statement). */
export const payoutsHeld = (accountId: SQL) =>
  sql`exists (select 1 from fraud_flags f where f.account_id = ${accountId} and f.cleared_at is null and f.holds_payouts)`;

/** An open hold raised by a dispute at Paystack, which Paystack's resolution clears (not an administrator). */
export const paymentDisputeHeld = (accountId: SQL) =>
  sql`exists (select 1 from fraud_flags f where f.account_id = ${accountId} and f.cleared_at is null and f.holds_payouts and f.rule = 'payment_disputed')`;

/** The rules of the account's open flags, as one column `flags` ("rule; rule"), null when none: a lateral table. */
export const openFlagRules = (accountId: SQL) =>
  sql`(select string_agg(distinct rule, '; ') as flags from fraud_flags where account_id = ${accountId} and cleared_at is null)`;

/** The rule that holds the account's payouts now, a dispute's first (it says what ends the hold), else null. */
export async function payoutHoldingRule(tx: Tx, accountId: string): Promise<FraudRule | null> {
  const [hold] = await queryRows<{ rule: FraudRule }>(
    tx,
    sql`select rule from fraud_flags where account_id = ${accountId} and cleared_at is null and holds_payouts order by (rule = 'payment_disputed') desc, id limit 1`,
  );
  return hold?.rule ?? null;
}

/**
 * A hold on the account's payouts and cash-outs, raised once (its key); answers the new flag's id, or null if already
 * raised. `payment_disputed`: while a Paystack dispute is open. `chargeback_lost`: after a lost dispute (decision
 * 0057), the fee that bought the position taken back, until an administrator has reviewed the account and clears it.
 */
async function raiseHold(
  tx: Tx,
  rule: 'payment_disputed' | 'chargeback_lost',
  hold: { accountId: string; detail: string; key: string },
): Promise<number | null> {
  const [raised] = await queryRows<{ id: string }>(
    tx,
    sql`insert into fraud_flags (account_id, rule, related_account_id, detail, dedupe_key, holds_payouts)
        values (${hold.accountId}, ${rule}, null, ${hold.detail}, ${hold.key}, true)
        on conflict (dedupe_key) do nothing returning id`,
  );
  return raised ? Number(raised.id) : null;
}

export const raiseDisputeHold = (tx: Tx, hold: { accountId: string; detail: string; key: string }) =>
  raiseHold(tx, 'payment_disputed', hold);

export const raiseChargebackHold = (tx: Tx, hold: { accountId: string; detail: string; key: string }) =>
  raiseHold(tx, 'chargeback_lost', hold);

/** Clears the open hold of one Paystack dispute (by its key) with a note; answers the flag's id, or null if none. */
export async function clearDisputeHold(tx: Tx, hold: { key: string; note: string }): Promise<number | null> {
  const [cleared] = await queryRows<{ id: string }>(
    tx,
    sql`update fraud_flags set cleared_at = now(), clear_note = ${hold.note}
        where dedupe_key = ${hold.key} and cleared_at is null returning id`,
  );
  return cleared ? Number(cleared.id) : null;
}
