import { formatNaira, FRAUD_RULE_TEXT, programmeName, type Programme, DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import { findAccountByEmail } from '../accounts/account-store';
import type { SignedInAccount } from '../../plugins/auth';
import { recordAudit } from '../audit/record-audit';
import type { LedgerAccountRef } from '../ledger/ledger-accounts';
import { lockWalletBalanceKobo } from '../ledger/ledger-store';
import { LedgerError, postEntry } from '../ledger/post-entry';
import { payoutHoldingRule } from '../member-review/fraud-flags';
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
  /** The administrator who recorded it, by name and email. */
  recordedBy: { fullName: string; email: string };
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
  admin_email: string;
}

export async function findCashOut(tx: Tx, idempotencyKey: string) {
  const [row] = await queryRows<CashOutRow>(
    tx,
    sql`select c.id, c.account_id, c.programme, c.amount_kobo, c.created_at, m.email, m.full_name, a.full_name as admin_name, a.email as admin_email
        from cash_outs c ${accountColumnsJoin('m', sql`c.account_id`, ['email', 'full_name'])}
        ${accountColumnsJoin('a', sql`c.created_by`, ['full_name', 'email'])}
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
  recordedBy: { fullName: row.admin_name, email: row.admin_email },
  createdAt: new Date(row.created_at),
  replayed,
});

export const reusedKey = () =>
  new DomainError(
    'idempotency_conflict',
    'This cash-out request was already used for a different member or amount. Reload the form and try again.',
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
      const balanceKobo = await lockWalletBalanceKobo(tx, member.id);
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
  const account = await findAccountByEmail(tx, request.programme, request.email);
  if (!account)
    throw new DomainError(
      'member_not_found',
      `No ${programmeName(request.programme)} member has the email ${request.email}`,
    );
  return { id: account.id, full_name: account.fullName };
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
  const rule = await payoutHoldingRule(tx, member.id);
  if (rule)
    throw new DomainError(
      'payouts_held',
      `${member.full_name}'s payouts are held (${FRAUD_RULE_TEXT[rule]}): a cash payout waits until ${rule === 'payment_disputed' ? 'Paystack resolves the dispute' : 'an administrator clears the signal'}.`,
    );
}

export function overWallet(fullName: string, balanceKobo: number) {
  const message =
    balanceKobo === 0
      ? `${fullName}'s wallet is empty, so there is nothing to pay out`
      : `The amount is more than ${fullName}'s wallet balance of ${naira(balanceKobo)}`;
  return new DomainError('insufficient_funds', message);
}
