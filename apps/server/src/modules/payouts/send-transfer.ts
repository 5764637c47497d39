import { sql } from 'drizzle-orm';
import { PaymentProviderError, type PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { bankDetailsToPay, keepTransferRecipient } from '../bank-details/queries';
import { applyTransferOutcome } from './transfer-outcome';

export type SendResult = 'sent' | 'left_reserved' | 'not_open' | 'refreshed' | 'unreachable';

interface Row {
  id: string;
  reference: string;
  amount_kobo: string;
  status: string;
  recipient_code: string | null;
  account_id: string;
  bank_recipient_code: string | null;
  bank_recipient_key_mode: string | null;
  account_number: string | null;
  bank_code: string | null;
  bank_name: string | null;
  last4: string | null;
  account_name: string | null;
}

/**
 * The provider's transfer recipient of the member's bank account: made once per bank details row and key mode and
 * kept. A recipient made under test keys does not exist for live keys (Paystack's test and live are separate
 * worlds, paystack.com/docs/payments/test-payments), so a code from the other mode is made again.
 */
async function recipientFor(db: Db, provider: PaymentProvider, row: Row): Promise<string> {
  if (row.recipient_code) return row.recipient_code;
  if (!row.account_number || !row.bank_code)
    throw new PaymentProviderError('The member has no bank details any more', false);
  let code = row.bank_recipient_key_mode === provider.keyMode ? row.bank_recipient_code : null;
  if (!code) {
    ({ recipientCode: code } = await provider.createTransferRecipient({
      name: row.account_name!,
      accountNumber: row.account_number,
      bankCode: row.bank_code,
    }));
    // Kept only if the bank details are still the ones the recipient was made for.
    await keepTransferRecipient(
      db,
      { accountId: row.account_id, accountNumber: row.account_number, bankCode: row.bank_code },
      { code, keyMode: provider.keyMode },
    );
  }
  // The payout goes to the bank account the recipient names, so the payout row names that account too.
  await db.execute(sql`update payouts set recipient_code = ${code}, bank_name = ${row.bank_name}, account_number_last4 = ${row.last4}, updated_at = now()
    where id = ${row.id} and recipient_code is null`);
  return code;
}

/**
 * Asks the provider to pay one reserved payout, outside any database transaction, with the reference stored
 * when it was reserved. On a retry the provider is asked first whether that reference already exists, so a
 * transfer that went through before a crash or a timeout is recorded rather than sent again. A provider
 * error leaves the payout reserved (its money held) for the next retry: the resume job's, or Retry.
 */
export async function sendTransfer(
  db: Db,
  provider: PaymentProvider,
  payoutId: number,
  options: { reason: string; verifyFirst: boolean },
): Promise<SendResult> {
  const [row] = await queryRows<Row>(
    db,
    sql`select p.id, p.reference, p.amount_kobo, p.status, p.recipient_code, p.account_id,
          b.recipient_code as bank_recipient_code, b.recipient_key_mode as bank_recipient_key_mode, b.account_number, b.bank_code, b.bank_name, b.account_number_last4 as last4,
          b.account_name
        from payouts p left join lateral ${bankDetailsToPay(sql`p.account_id`)} b on true where p.id = ${payoutId}`,
  );
  if (!row || row.status !== 'reserved') return 'not_open';
  // Stamped before the provider is called: a payout touched in the last minutes is never released by hand
  // (release-payout.ts), and one released meanwhile is not sent.
  const claimed = await queryRows(
    db,
    sql`update payouts set updated_at = now() where id = ${payoutId} and status = 'reserved' returning id`,
  );
  if (claimed.length === 0) return 'not_open';
  try {
    if (options.verifyFirst) {
      const existing = await provider.verifyTransfer(row.reference);
      if (!('found' in existing)) {
        await applyTransferOutcome(db, row.reference, existing);
        return 'sent';
      }
    }
    const recipientCode = await recipientFor(db, provider, row);
    const state = await provider.initiateTransfer({
      amountKobo: Number(row.amount_kobo),
      recipientCode,
      reference: row.reference,
      reason: options.reason,
    });
    await applyTransferOutcome(db, row.reference, state);
    return 'sent';
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await db.execute(
      sql`update payouts set failure_reason = ${error.message}, updated_at = now() where id = ${payoutId} and status = 'reserved'`,
    );
    // Paystack did not answer (5xx, timeouts, no connection): the payout-transfer-resume job sends it again once it
    // does (resume-transfers.ts). A refusal it gave (a 4xx) is left reserved the same way, for Retry or Release.
    return error.retryable ? 'unreachable' : 'left_reserved';
  }
}

/**
 * A payout sent but with no outcome yet (a lost or late webhook): the provider's record of its reference
 * says where it stands, and that is applied like a webhook would be.
 */
export async function refreshTransfer(
  db: Db,
  provider: PaymentProvider,
  reference: string,
): Promise<SendResult> {
  // Stamped before asking, so the resume job asks about a transfer still pending at Paystack a while later, not at every run.
  await db.execute(
    sql`update payouts set updated_at = now() where reference = ${reference} and status = 'processing'`,
  );
  try {
    const state = await provider.verifyTransfer(reference);
    if ('found' in state) return 'not_open';
    await applyTransferOutcome(db, reference, state);
    return 'refreshed';
  } catch (error) {
    if (error instanceof PaymentProviderError) return 'unreachable';
    throw error;
  }
}
