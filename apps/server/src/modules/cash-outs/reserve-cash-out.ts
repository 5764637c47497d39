import { formatNaira } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import type { SignedInAccount } from '../../plugins/auth';
import type { ReleaseContext } from '../approvals/approval-acts';
import { lockWalletBalanceKobo, walletLinesOfEntry } from '../ledger/ledger-store';
import { postEntry } from '../ledger/post-entry';
import { notify } from '../notifications/mail-queue';
import {
  findCashOut,
  memberOf,
  overWallet,
  recordCashOut,
  refuseWhileHeld,
  replayOf,
  writeCashOut,
  type CashOut,
  type CashOutRequest,
} from './record-cash-out';

/**
 * A cash-out above the approval threshold (decision 0040): the amount leaves the wallet for cash-out clearing when
 * the administrator asks, so a payout run, its preview and another cash-out cannot spend it meanwhile. Approval
 * moves it on to the cash payout account (the cash is handed over); a decline, a withdrawal or a failure gives it
 * back to the wallet, once. Each step is a ledger entry with its own key.
 */
const reserveKey = (idempotencyKey: string) => `cash-out:${idempotencyKey}:reserve`;
const releaseKey = (idempotencyKey: string) => `cash-out:${idempotencyKey}:release`;

/** The money a waiting cash-out set aside: whose wallet, how much. Null for a request made before reservations. */
async function reservationOf(tx: Tx, idempotencyKey: string) {
  const [row] = await queryRows<{ account_id: string; full_name: string; amount_kobo: string }>(
    tx,
    sql`select w.account_id, m.full_name, -w.amount_kobo as amount_kobo
        from ${walletLinesOfEntry(reserveKey(idempotencyKey))} w
        ${accountColumnsJoin('m', sql`w.account_id`, ['full_name'])}`,
  );
  return row
    ? { accountId: row.account_id, fullName: row.full_name, amountKobo: Number(row.amount_kobo) }
    : null;
}

/** Sets the amount aside from the wallet in the request's transaction; refuses an amount the wallet does not hold. */
export async function reserveCashOut(
  tx: Tx,
  maker: SignedInAccount,
  request: CashOutRequest,
  approvalId: number,
) {
  const member = await memberOf(tx, request);
  await refuseWhileHeld(tx, member);
  const balanceKobo = await lockWalletBalanceKobo(tx, member.id);
  if (request.amountKobo > balanceKobo) throw overWallet(member.full_name, balanceKobo);
  const entry = await postEntry(tx, {
    kind: 'cash_out_reserve',
    idempotencyKey: reserveKey(request.idempotencyKey),
    programme: request.programme,
    memo: `Cash payout of ${formatNaira(request.amountKobo)} set aside while a second administrator approves it (request #${approvalId})`,
    createdBy: maker.id,
    lines: [
      {
        account: { kind: 'wallet', programme: request.programme, accountId: member.id },
        amountKobo: -request.amountKobo,
      },
      {
        account: { kind: 'cash_out_clearing', programme: request.programme },
        amountKobo: request.amountKobo,
      },
    ],
  });
  // The request's key was new (its row was just inserted), so its reservation is too.
  if (entry.status !== 'posted')
    throw new Error(`cash-out reservation ${request.idempotencyKey} exists without its request`);
  return { heldKobo: request.amountKobo };
}

/**
 * Approved: the money set aside becomes the cash-out, recorded in the maker's name (they hand the cash over now). A
 * member whose payouts became held since is refused, and the request fails (its reservation then goes back).
 */
export async function carryOutReservedCashOut(
  tx: Tx,
  maker: SignedInAccount,
  request: CashOutRequest,
): Promise<CashOut> {
  const reservation = await reservationOf(tx, request.idempotencyKey);
  // Asked before cash-outs were set aside (decision 0040): nothing is held, so the wallet pays now, as it did then.
  if (!reservation) return recordCashOut(tx as Db, maker, request);
  if (reservation.amountKobo !== request.amountKobo)
    throw new Error(`cash-out reservation ${request.idempotencyKey} holds another amount`);
  const earlier = await findCashOut(tx, request.idempotencyKey);
  if (earlier) return replayOf(earlier, reservation.accountId, request);
  await refuseWhileHeld(tx, { id: reservation.accountId, full_name: reservation.fullName });
  return writeCashOut(tx, maker, reservation.accountId, request, {
    from: { kind: 'cash_out_clearing', programme: request.programme },
    // No wallet line in this entry names the member, so its memo does (the ledger's lists show it).
    memo: `Cash payout of ${formatNaira(request.amountKobo)} to ${reservation.fullName} handed over by administrator ${maker.fullName} once a second administrator approved it`,
    approved: true,
  });
}

const ENDED = {
  declined: 'declined by a second administrator',
  withdrawn: 'withdrawn by the administrator who asked',
  failed: 'not carried out',
} as const;

/**
 * Not carried out: the money set aside goes back to the wallet, once (its own entry key), and the member is told.
 * Answers what happened, in words for the maker.
 */
export async function releaseCashOut(
  tx: Tx,
  request: CashOutRequest,
  context: ReleaseContext,
): Promise<string | null> {
  const reservation = await reservationOf(tx, request.idempotencyKey);
  if (!reservation) return null;
  if (await findCashOut(tx, request.idempotencyKey))
    throw new Error(`cash-out ${request.idempotencyKey} was paid: its reservation cannot go back`);
  const amount = formatNaira(reservation.amountKobo);
  const entry = await postEntry(tx, {
    kind: 'cash_out_released',
    idempotencyKey: releaseKey(request.idempotencyKey),
    programme: request.programme,
    memo: `Cash payout of ${amount} ${ENDED[context.outcome]} (request #${context.approvalId}): back in your wallet`,
    lines: [
      {
        account: { kind: 'cash_out_clearing', programme: request.programme },
        amountKobo: -reservation.amountKobo,
      },
      {
        account: { kind: 'wallet', programme: request.programme, accountId: reservation.accountId },
        amountKobo: reservation.amountKobo,
      },
    ],
  });
  if (entry.status === 'posted')
    await notify(tx, reservation.accountId, {
      kind: 'cash_out_not_made',
      amountKobo: reservation.amountKobo,
      outcome: context.outcome,
    });
  return `The ${amount} set aside is back in ${reservation.fullName}'s wallet: no cash is to be handed over.`;
}
