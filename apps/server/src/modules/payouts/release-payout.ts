import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { postEntry } from '../ledger/post-entry';
import { applyTransferOutcome, payoutMoveKey, refreshRunStatus } from './transfer-outcome';

/** Longer than any send can take (three attempts of ten seconds for each of up to three provider calls). */
const QUIET_MINUTES = 5;

interface PayoutFacts {
  reference: string;
  status: string;
  amount_kobo: string;
  account_id: string;
  programme: Programme;
  attempt: number;
  run_id: string | null;
}

/**
 * Settles a payout that will not be paid in its run, with the administrator's reason: its status becomes
 * released and the run no longer waits for it. A failed or reversed payout's money is in the wallet already,
 * so nothing moves. A payout still held (reserved: the provider keeps refusing it, a closed bank account) has
 * its money returned to the wallet, but only when the provider has no transfer under its reference and nobody
 * has tried to send it for a few minutes, checked again with the row locked: so money is never both returned
 * and paid.
 */
export async function releasePayout(db: Db, provider: PaymentProvider, payoutId: number, adminId: string, reason: string) {
  const [payout] = await queryRows<PayoutFacts>(
    db,
    sql`select reference, status, amount_kobo, account_id, programme, attempt, run_id from payouts where id = ${payoutId}`,
  );
  if (!payout) throw new HttpError(404, 'There is no such payout', 'payout_not_found');
  if (!['reserved', 'failed', 'reversed'].includes(payout.status))
    throw new HttpError(
      409,
      payout.status === 'released'
        ? 'This payout is released already.'
        : `This payout is ${payout.status === 'success' ? 'paid' : 'with the bank'}; only a held, failed or reversed payout can be released`,
      'not_releasable',
    );
  if (payout.status === 'reserved') {
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
  }
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<PayoutFacts & { quiet: boolean }>(
      tx,
      sql`select reference, status, amount_kobo, account_id, programme, attempt, run_id,
            updated_at < now() - make_interval(mins => ${QUIET_MINUTES}) as quiet
          from payouts where id = ${payoutId} for update`,
    );
    if (locked!.status !== payout.status)
      throw new HttpError(409, 'This payout changed meanwhile; look at it again before releasing it', 'payout_busy');
    if (locked!.status === 'reserved') {
      if (!locked!.quiet)
        throw new HttpError(
          409,
          `This payout was sent or changed in the last ${QUIET_MINUTES} minutes; try again later`,
          'payout_busy',
        );
      const amountKobo = Number(locked!.amount_kobo);
      await postEntry(tx, {
        kind: 'payout_released',
        idempotencyKey: payoutMoveKey(payoutId, locked!.attempt, 'released'),
        programme: locked!.programme,
        memo: `Bonus payout ${payoutId} was not sent to your bank: the amount is back in your wallet`,
        createdBy: adminId,
        lines: [
          { account: { kind: 'payout_clearing', programme: locked!.programme }, amountKobo: -amountKobo },
          { account: { kind: 'wallet', programme: locked!.programme, accountId: locked!.account_id }, amountKobo },
        ],
      });
    }
    await tx.execute(
      sql`update payouts set status = 'released', released_reason = ${reason}, updated_at = now() where id = ${payoutId}`,
    );
    await recordAudit(tx, {
      actorAccountId: adminId,
      action: 'payout_release',
      targetAccountId: locked!.account_id,
      details: { payoutId, from: locked!.status, reason },
    });
    if (locked!.run_id) await refreshRunStatus(tx, Number(locked!.run_id));
    return { from: locked!.status };
  });
}
