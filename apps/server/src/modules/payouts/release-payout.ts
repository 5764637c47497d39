import { DomainError } from '@coop/core';
import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { recordAudit } from '../audit/record-audit';
import { postEntry } from '../ledger/post-entry';
import { applyTransferOutcome, payoutMoveKey, refreshRunStatus } from './transfer-outcome';
import { transferStatusText } from './transfer-status';

/** Longer than any send can take (three attempts of ten seconds for each of up to three provider calls). */
const QUIET_MINUTES = 5;

/** Payouts whose money is still held in payout clearing: released only when Paystack has no transfer for them. */
const HELD = ['reserved', 'processing', 'otp'];

interface PayoutFacts {
  reference: string;
  status: string;
  amount_kobo: string;
  account_id: string;
  programme: Programme;
  attempt: number;
  run_id: string | null;
  /** A bank-file run's payout is never with Paystack; while its attempt is in a file not yet recorded, the bank may pay it. */
  bank_file: boolean;
  in_open_file: boolean;
}

const factsColumns = sql`p.reference, p.status, p.amount_kobo, p.account_id, p.programme, p.attempt, p.run_id,
  coalesce((select r.mode = 'csv' from payout_runs r where r.id = p.run_id), false) as bank_file,
  exists (select 1 from payout_batch_items i join payout_batches b on b.id = i.batch_id
          where i.payout_id = p.id and i.attempt = p.attempt and b.status = 'open') as in_open_file`;

const refuseInOpenFile = (facts: PayoutFacts) => {
  if (facts.in_open_file)
    throw new DomainError(
      'payout_in_bank_file',
      'This payout is in a bank file whose answer is not recorded yet: the bank may pay it. Record what the bank paid first; release it then if the bank did not pay it.',
    );
};

const payoutFacts = async (db: Db, payoutId: number) =>
  (await queryRows<PayoutFacts>(db, sql`select ${factsColumns} from payouts p where p.id = ${payoutId}`))[0];

function refuseUnreleasable(status: string) {
  if (status === 'released') throw new DomainError('not_releasable', 'This payout is released already.');
  if (status === 'success')
    throw new DomainError(
      'not_releasable',
      'This payout is paid; only a payout that was not paid can be released',
    );
}

/**
 * Settles a payout that will not be paid in its run, with the administrator's reason: its status becomes
 * released and the run no longer waits for it. A failed or reversed payout's money is in the wallet already,
 * so nothing moves. A payout still held (reserved: the provider keeps refusing it, a closed bank account) has
 * its money returned to the wallet, as has one sent that Paystack never received or abandoned (the code was
 * not given in time), but only when the provider has no live transfer under its reference and nobody
 * has tried to send it for a few minutes, checked again with the row locked: so money is never both returned
 * and paid.
 */
export async function releasePayout(
  db: Db,
  provider: PaymentProvider,
  payoutId: number,
  adminId: string,
  reason: string,
) {
  const payout = await payoutFacts(db, payoutId);
  if (!payout) throw new DomainError('payout_not_found', 'There is no such payout');
  refuseUnreleasable(payout.status);
  refuseInOpenFile(payout);
  let status = payout.status;
  if (HELD.includes(status) && !payout.bank_file) {
    const existing = await provider.verifyTransfer(payout.reference);
    if (!('found' in existing)) {
      // The provider has it: its state is recorded first. Abandoned, blocked, rejected or failed leave the payout
      // failed (its money back in the wallet), which is then released; a transfer still under way is not.
      await applyTransferOutcome(db, payout.reference, existing);
      status = (await payoutFacts(db, payoutId))!.status;
      if (HELD.includes(status) || status === 'success')
        throw new DomainError(
          'transfer_exists',
          `Paystack has this transfer (${transferStatusText(existing.status)}); its state has been recorded instead${status === 'otp' ? ': give its code, or release it once Paystack abandons it (30 minutes)' : ''}`,
        );
    }
    // Not found at Paystack: the transfer was never received, so its held money goes back to the wallet below.
  }
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<PayoutFacts & { quiet: boolean }>(
      tx,
      sql`select ${factsColumns}, p.updated_at < now() - make_interval(mins => ${QUIET_MINUTES}) as quiet
          from payouts p where p.id = ${payoutId} for update of p`,
    );
    refuseInOpenFile(locked!);
    if (locked!.status !== status)
      throw new DomainError(
        'payout_busy',
        'This payout changed meanwhile; look at it again before releasing it',
      );
    if (HELD.includes(locked!.status)) {
      // Nothing sends a bank-file payout but the bank file, and a payout in no open file is with no bank.
      if (!locked!.quiet && !locked!.bank_file)
        throw new DomainError(
          'payout_busy',
          `This payout was sent or changed in the last ${QUIET_MINUTES} minutes; try again later`,
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
          {
            account: { kind: 'wallet', programme: locked!.programme, accountId: locked!.account_id },
            amountKobo,
          },
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
