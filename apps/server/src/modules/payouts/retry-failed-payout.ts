import type { Programme } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { lockWalletBalanceKobo } from '../ledger/ledger-store';
import { postEntry } from '../ledger/post-entry';
import { payeeFacts, payeeRowOf } from './payee-query';
import { decidePayee, type SkipReason } from './payee-rules';
import { payoutMoveKey } from './transfer-outcome';

export type RearmResult =
  { status: 'rearmed' } | { status: 'not_failed' } | { status: 'skipped'; reason: SkipReason };

/**
 * Makes a failed or reversed payout ready to be paid again inside its own run: the money the failure returned
 * to the wallet is reserved again (wallet -> payout clearing, once per attempt), and the payout gets a new
 * reference and attempt number, its earlier attempt kept in payout_attempts. Payout and wallet rows are locked,
 * so a second press (or a second instance) finds the payout reserved already and does nothing.
 * The transfer goes to the bank details current now, so only confirmed details are paid; details saved after
 * `heldIfBankSavedAfter` are held for a second administrator (retry-approval.ts).
 */
export async function rearmFailedPayout(
  db: Db,
  payoutId: number,
  adminId: string,
  heldIfBankSavedAfter: Date | null = null,
): Promise<RearmResult> {
  return db.transaction(async (tx) => {
    const [payout] = await queryRows<{
      account_id: string;
      programme: Programme;
      amount_kobo: string;
      status: 'failed' | 'reversed';
      attempt: number;
      reference: string;
      failure_reason: string | null;
      bank_name: string;
      account_number_last4: string;
      updated_at: string | Date;
    }>(
      tx,
      sql`select account_id, programme, amount_kobo, status, attempt, reference, failure_reason, bank_name, account_number_last4, updated_at
          from payouts where id = ${payoutId} and status in ('failed', 'reversed') for update`,
    );
    if (!payout) return { status: 'not_failed' };
    const balanceKobo = await lockWalletBalanceKobo(tx, payout.account_id);
    const facts = await payeeRowOf(tx, payout.programme, payout.account_id);
    // The money this payout returned is paid again, no more: what the wallet earned since waits for its month.
    const amountKobo = Math.min(Number(payout.amount_kobo), balanceKobo);
    if (amountKobo <= 0) return { status: 'skipped', reason: 'wallet_empty' };
    // The failure being retried is this one: only the member's state now decides, and no minimum applies.
    const decision = decidePayee({ ...payeeFacts(facts, amountKobo), earlierPayoutFailed: false }, 0);
    if (!decision.pay) return { status: 'skipped', reason: decision.reason };
    // Details saved after the run's approval (or too recently) are not paid on one administrator's press.
    if (
      heldIfBankSavedAfter &&
      facts.bank_saved_at &&
      new Date(facts.bank_saved_at).getTime() > heldIfBankSavedAfter.getTime()
    )
      return { status: 'skipped', reason: 'bank_details_new' };
    await tx.execute(sql`
      insert into payout_attempts (payout_id, attempt, reference, amount_kobo, status, failure_reason, bank_name, account_number_last4, retried_by, ended_at)
      values (${payoutId}, ${payout.attempt}, ${payout.reference}, ${payout.amount_kobo}, ${payout.status}, ${payout.failure_reason},
              ${payout.bank_name}, ${payout.account_number_last4}, ${adminId}, ${new Date(payout.updated_at).toISOString()}::timestamptz)`);
    const attempt = payout.attempt + 1;
    await tx.execute(sql`
      update payouts set attempt = ${attempt}, reference = ${`payout-${randomUUID()}`}, status = 'reserved', amount_kobo = ${amountKobo},
        recipient_code = null, transfer_code = null, failure_reason = null,
        bank_name = ${facts.bank_name}, account_number_last4 = ${facts.account_number_last4}, updated_at = now()
      where id = ${payoutId}`);
    await postEntry(tx, {
      kind: 'payout_reserve',
      idempotencyKey: payoutMoveKey(payoutId, attempt, 'reserve'),
      programme: payout.programme,
      memo: `Bonus payout ${payoutId} sent again to your bank account (attempt ${attempt})`,
      createdBy: adminId,
      lines: [
        {
          account: { kind: 'wallet', programme: payout.programme, accountId: payout.account_id },
          amountKobo: -amountKobo,
        },
        { account: { kind: 'payout_clearing', programme: payout.programme }, amountKobo },
      ],
    });
    return { status: 'rearmed' };
  });
}
