import { sql } from 'drizzle-orm';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { applyTransferOutcome, type OutcomeResult } from './transfer-outcome';

/** Longer than any send can take (three attempts of ten seconds for each of up to three provider calls). */
const QUIET_MINUTES = 5;

/**
 * Gives a held payout's money back to the wallet when the provider keeps refusing it (a closed bank account,
 * say). Only when the provider has no transfer under its reference and nobody has tried to send it for a
 * few minutes, checked again with the row locked: so the money can never be both returned and paid.
 */
export async function releasePayout(
  db: Db,
  provider: PaymentProvider,
  payoutId: number,
  adminId: string,
): Promise<OutcomeResult> {
  const [payout] = await queryRows<{
    reference: string;
    status: string;
    amount_kobo: string;
    account_id: string;
  }>(db, sql`select reference, status, amount_kobo, account_id from payouts where id = ${payoutId}`);
  if (!payout) throw new HttpError(404, 'There is no such payout', 'payout_not_found');
  if (payout.status !== 'reserved')
    throw new HttpError(
      409,
      'Only a payout still held (not yet accepted by the provider) can be released',
      'not_reserved',
    );
  const existing = await provider.verifyTransfer(payout.reference);
  if (!('found' in existing)) {
    // The provider has it after all: its state is recorded instead, as a retry would.
    await applyTransferOutcome(db, payout.reference, existing);
    throw new HttpError(
      409,
      `The provider has this transfer (${existing.status}); its outcome has been recorded instead`,
      'transfer_exists',
    );
  }
  return db.transaction(async (tx) => {
    const [quiet] = await queryRows<{ id: string }>(
      tx,
      sql`select id from payouts where id = ${payoutId} and status = 'reserved'
            and updated_at < now() - make_interval(mins => ${QUIET_MINUTES}) for update`,
    );
    if (!quiet)
      throw new HttpError(
        409,
        `This payout was sent or changed in the last ${QUIET_MINUTES} minutes; try again later`,
        'payout_busy',
      );
    const result = await applyTransferOutcome(tx, payout.reference, {
      status: 'failed',
      amountKobo: Number(payout.amount_kobo),
      reason: 'Released by an administrator: no transfer was made',
    });
    await recordAudit(tx, {
      actorAccountId: adminId,
      action: 'payout_release',
      targetAccountId: payout.account_id,
      details: { payoutId },
    });
    return result;
  });
}
