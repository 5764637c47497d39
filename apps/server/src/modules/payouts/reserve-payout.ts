import type { Programme } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { lockWalletBalanceKobo } from '../ledger/ledger-store';
import { postEntry } from '../ledger/post-entry';
import { payeeFacts, payeeRowOf } from './payee-query';
import { decidePayee, type SkipReason } from './payee-rules';

const savedAtMs = (value: string | Date | null) => (value === null ? null : new Date(value).getTime());

/** Why a payee no longer matches the approved preview (compared to the millisecond, as the preview keeps it). */
function changedSincePreview(
  expected: { amountKobo: number; bankSavedAt: string | null },
  amountKobo: number,
  bankSavedAt: string | Date | null,
): SkipReason | null {
  if (savedAtMs(bankSavedAt) !== savedAtMs(expected.bankSavedAt)) return 'bank_details_changed';
  if (amountKobo !== expected.amountKobo) return 'wallet_changed';
  return null;
}

export type ReserveResult =
  | { status: 'reserved'; payoutId: number }
  | { status: 'already_in_run' }
  | { status: 'skipped'; reason: SkipReason };

/**
 * Moves a member's whole wallet into payout clearing and writes the payout row with its transfer reference,
 * in one transaction and before the provider is ever called. The wallet row is locked and read again here,
 * so a cash-out or a bonus that landed since the preview is counted, and the run never overdraws.
 */
export async function reservePayout(
  db: Db,
  input: {
    runId: number;
    programme: Programme;
    period: string;
    accountId: string;
    minimumKobo: number;
    adminId: string | null;
    /** What an approved preview showed for this payee: anything else is left out, not paid. */
    expected?: { amountKobo: number; bankSavedAt: string | null };
  },
): Promise<ReserveResult> {
  return db.transaction(async (tx) => {
    const balanceKobo = await lockWalletBalanceKobo(tx, input.accountId);
    const facts = await payeeRowOf(tx, input.programme, input.accountId);
    const decision = decidePayee(payeeFacts(facts, balanceKobo), input.minimumKobo);
    if (!decision.pay) return { status: 'skipped', reason: decision.reason };
    const changed =
      input.expected && changedSincePreview(input.expected, decision.amountKobo, facts.bank_saved_at);
    if (changed) return { status: 'skipped', reason: changed };
    // Paystack references: lowercase letters, digits and dashes, 16 to 100 characters.
    const reference = `payout-${randomUUID()}`;
    const [payout] = await queryRows<{ id: string }>(
      tx,
      sql`insert into payouts (run_id, account_id, programme, amount_kobo, reference, status, bank_name, account_number_last4)
          values (${input.runId}, ${input.accountId}, ${input.programme}, ${decision.amountKobo}, ${reference}, 'reserved', ${facts.bank_name}, ${facts.account_number_last4})
          on conflict (run_id, account_id) do nothing returning id`,
    );
    if (!payout) return { status: 'already_in_run' };
    const payoutId = Number(payout.id);
    const entry = await postEntry(tx, {
      kind: 'payout_reserve',
      idempotencyKey: `payout:${payoutId}:reserve`,
      programme: input.programme,
      memo: `Bonus payout for ${input.period} to your bank account (payout ${payoutId})`,
      createdBy: input.adminId ?? undefined,
      lines: [
        {
          account: { kind: 'wallet', programme: input.programme, accountId: input.accountId },
          amountKobo: -decision.amountKobo,
        },
        { account: { kind: 'payout_clearing', programme: input.programme }, amountKobo: decision.amountKobo },
      ],
    });
    await tx.execute(sql`update payouts set reserve_entry_id = ${entry.entryId} where id = ${payoutId}`);
    return { status: 'reserved', payoutId };
  });
}
