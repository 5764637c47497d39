import { formatNaira, FRAUD_RULE_TEXT, programmeName, type FraudRule, type Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { SignedInAccount } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import type { LedgerAccountRef } from '../ledger/ledger-accounts';
import { LedgerError, postEntry } from '../ledger/post-entry';
import { notify } from '../notifications/mail-queue';

export interface CashOutRequest {
  programme: Programme;
  email: string;
  amountKobo: number;
  /** Made by the client once per form submission: the same key again is the same cash-out. */
  idempotencyKey: string;
}

export interface CashOut {
  id: number;
  programme: Programme;
  email: string;
  fullName: string;
  amountKobo: number;
  recordedBy: string;
  createdAt: Date;
  /** True when this answer repeats an earlier request with the same key (nothing was debited). */
  replayed: boolean;
}

const naira = formatNaira;

export interface CashOutRow {
  id: string;
  account_id: string;
  programme: Programme;
  amount_kobo: string;
  created_at: string | Date;
  email: string;
  full_name: string;
  admin_name: string;
}

export async function findCashOut(tx: Tx, idempotencyKey: string) {
  const [row] = await queryRows<CashOutRow>(
    tx,
    sql`select c.id, c.account_id, c.programme, c.amount_kobo, c.created_at, m.email, m.full_name, a.full_name as admin_name
        from cash_outs c join accounts m on m.id = c.account_id join accounts a on a.id = c.created_by
        where c.idempotency_key = ${idempotencyKey}`,
  );
  return row;
}

const toCashOut = (row: CashOutRow, replayed: boolean): CashOut => ({
  id: Number(row.id),
  programme: row.programme,
  email: row.email,
  fullName: row.full_name,
  amountKobo: Number(row.amount_kobo),
  recordedBy: row.admin_name,
  createdAt: new Date(row.created_at),
  replayed,
});

export const reusedKey = () =>
  new HttpError(
    409,
    'This cash-out request was already used for a different member or amount. Reload the form and try again.',
    'idempotency_conflict',
  );

/**
 * Records a cash payout an administrator made by hand: the member's wallet pays the cash payout account,
 * once per idempotency key. The wallet row is locked first, so two cash-outs of one wallet run one after
 * the other and the balance check and the debit see the same balance.
 */
export async function recordCashOut(
  db: Db,
  admin: SignedInAccount,
  request: CashOutRequest,
): Promise<CashOut> {
  try {
    return await db.transaction(async (tx) => {
      const member = await memberOf(tx, request);
      await refuseWhileHeld(tx, member);
      const balanceKobo = await lockWallet(tx, member.id);
      const earlier = await findCashOut(tx, request.idempotencyKey);
      if (earlier) return replayOf(earlier, member.id, request);
      if (request.amountKobo > balanceKobo) throw overWallet(member.full_name, balanceKobo);
      return writeCashOut(tx, admin, member.id, request, {
        from: { kind: 'wallet', programme: request.programme, accountId: member.id },
        memo: `Cash payout of ${naira(request.amountKobo)} recorded by administrator ${admin.fullName}`,
        approved: false,
      });
    });
  } catch (error) {
    if (error instanceof LedgerError && error.code === 'conflicting_replay') throw reusedKey();
    throw error;
  }
}

/** The member a cash-out names, by programme and email, as the form sends them. */
export async function memberOf(tx: Tx, request: { programme: Programme; email: string }) {
  const [member] = await queryRows<{ id: string; full_name: string }>(
    tx,
    sql`select id, full_name from accounts where programme = ${request.programme} and email = ${request.email}`,
  );
  if (!member)
    throw new HttpError(
      404,
      `No ${programmeName(request.programme)} member has the email ${request.email}`,
      'member_not_found',
    );
  return member;
}

/** Locks the member's wallet row and answers its balance: what is read is what is debited. */
export async function lockWallet(tx: Tx, accountId: string) {
  const [wallet] = await queryRows<{ balance_kobo: string }>(
    tx,
    sql`select balance_kobo from ledger_accounts where key = ${`wallet:${accountId}`} for update`,
  );
  return wallet ? Number(wallet.balance_kobo) : 0;
}

/** The cash-out already recorded under this key, if it is the same one; a key reused for another is refused. */
export function replayOf(earlier: CashOutRow, accountId: string, request: CashOutRequest) {
  const same =
    earlier.account_id === accountId &&
    earlier.programme === request.programme &&
    Number(earlier.amount_kobo) === request.amountKobo;
  if (!same) throw reusedKey();
  return toCashOut(earlier, true);
}

/**
 * Writes the cash-out: the entry that pays the cash payout account (from the wallet, or from the money set aside
 * while it waited for approval), its row, the audit and the member's notice.
 */
export async function writeCashOut(
  tx: Tx,
  admin: SignedInAccount,
  accountId: string,
  request: CashOutRequest,
  how: { from: LedgerAccountRef; memo: string; approved: boolean },
): Promise<CashOut> {
  const entry = await postEntry(tx, {
    kind: 'cash_out',
    idempotencyKey: `cash-out:${request.idempotencyKey}`,
    programme: request.programme,
    memo: how.memo,
    createdBy: admin.id,
    lines: [
      { account: how.from, amountKobo: -request.amountKobo },
      { account: { kind: 'cash_payout', programme: request.programme }, amountKobo: request.amountKobo },
    ],
  });
  // The key is new here (no cash-out row under the wallet lock); an existing entry would be a bug upstream.
  if (entry.status !== 'posted')
    throw new Error(`cash-out entry ${request.idempotencyKey} exists without its cash-out row`);
  const [created] = await queryRows<{ id: string }>(
    tx,
    sql`insert into cash_outs (idempotency_key, account_id, programme, amount_kobo, journal_entry_id, created_by)
        values (${request.idempotencyKey}, ${accountId}, ${request.programme}, ${request.amountKobo}, ${entry.entryId}, ${admin.id})
        returning id`,
  );
  await recordAudit(tx, {
    actorAccountId: admin.id,
    action: 'cash_out',
    targetAccountId: accountId,
    details: {
      cashOutId: Number(created!.id),
      programme: request.programme,
      amountKobo: request.amountKobo,
      journalEntryId: entry.entryId,
      ...(how.approved ? { approved: true } : {}),
    },
  });
  await notify(tx, accountId, {
    kind: 'cash_out_recorded',
    amountKobo: request.amountKobo,
    ...(how.approved ? { approved: true } : {}),
  });
  return toCashOut((await findCashOut(tx, request.idempotencyKey))!, false);
}

/**
 * A cash-out waits while the member's payouts are held (an open fraud flag that holds payouts, such as a payment
 * disputed at Paystack): the same rule as the monthly payout (payouts/payee-query.ts), so cash is not a way round it.
 */
export async function refuseWhileHeld(tx: Tx, member: { id: string; full_name: string }) {
  const [hold] = await queryRows<{ rule: FraudRule }>(
    tx,
    sql`select rule from fraud_flags where account_id = ${member.id} and cleared_at is null and holds_payouts order by (rule = 'payment_disputed') desc, id limit 1`,
  );
  if (hold)
    throw new HttpError(
      409,
      `${member.full_name}'s payouts are held (${FRAUD_RULE_TEXT[hold.rule]}): a cash payout waits until ${hold.rule === 'payment_disputed' ? 'Paystack resolves the dispute' : 'an administrator clears the signal'}.`,
      'payouts_held',
    );
}

export function overWallet(fullName: string, balanceKobo: number) {
  const message =
    balanceKobo === 0
      ? `${fullName}'s wallet is empty, so there is nothing to pay out`
      : `The amount is more than ${fullName}'s wallet balance of ${naira(balanceKobo)}`;
  return new HttpError(422, message, 'insufficient_funds');
}
