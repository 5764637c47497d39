import { formatNaira, FRAUD_RULE_TEXT, programmeName, type FraudRule, type Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { SignedInAccount } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
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

interface CashOutRow {
  id: string;
  account_id: string;
  programme: Programme;
  amount_kobo: string;
  created_at: string | Date;
  email: string;
  full_name: string;
  admin_name: string;
}

async function findCashOut(tx: Tx, idempotencyKey: string) {
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

const reusedKey = () =>
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
      await refuseWhileHeld(tx, member);
      const [wallet] = await queryRows<{ balance_kobo: string }>(
        tx,
        sql`select balance_kobo from ledger_accounts where key = ${`wallet:${member.id}`} for update`,
      );
      const earlier = await findCashOut(tx, request.idempotencyKey);
      if (earlier) {
        const same =
          earlier.account_id === member.id &&
          earlier.programme === request.programme &&
          Number(earlier.amount_kobo) === request.amountKobo;
        if (!same) throw reusedKey();
        return toCashOut(earlier, true);
      }
      const balanceKobo = wallet ? Number(wallet.balance_kobo) : 0;
      if (request.amountKobo > balanceKobo) throw overWallet(member.full_name, balanceKobo);
      const entry = await postEntry(tx, {
        kind: 'cash_out',
        idempotencyKey: `cash-out:${request.idempotencyKey}`,
        programme: request.programme,
        memo: `Cash payout of ${naira(request.amountKobo)} recorded by administrator ${admin.fullName}`,
        createdBy: admin.id,
        lines: [
          {
            account: { kind: 'wallet', programme: request.programme, accountId: member.id },
            amountKobo: -request.amountKobo,
          },
          { account: { kind: 'cash_payout', programme: request.programme }, amountKobo: request.amountKobo },
        ],
      });
      // The key is new here (no cash-out row under the wallet lock); an existing entry would be a bug upstream.
      if (entry.status !== 'posted')
        throw new Error(`cash-out entry ${request.idempotencyKey} exists without its cash-out row`);
      const [created] = await queryRows<{ id: string }>(
        tx,
        sql`insert into cash_outs (idempotency_key, account_id, programme, amount_kobo, journal_entry_id, created_by)
            values (${request.idempotencyKey}, ${member.id}, ${request.programme}, ${request.amountKobo}, ${entry.entryId}, ${admin.id})
            returning id`,
      );
      await recordAudit(tx, {
        actorAccountId: admin.id,
        action: 'cash_out',
        targetAccountId: member.id,
        details: {
          cashOutId: Number(created!.id),
          programme: request.programme,
          amountKobo: request.amountKobo,
          journalEntryId: entry.entryId,
        },
      });
      await notify(tx, member.id, { kind: 'cash_out_recorded', amountKobo: request.amountKobo });
      return toCashOut((await findCashOut(tx, request.idempotencyKey))!, false);
    });
  } catch (error) {
    if (error instanceof LedgerError && error.code === 'conflicting_replay') throw reusedKey();
    throw error;
  }
}

/**
 * A cash-out waits while the member's payouts are held (an open fraud flag that holds payouts, such as a payment
 * disputed at Paystack): the same rule as the monthly payout (payouts/payee-query.ts), so cash is not a way round it.
 */
async function refuseWhileHeld(tx: Tx, member: { id: string; full_name: string }) {
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

function overWallet(fullName: string, balanceKobo: number) {
  const message =
    balanceKobo === 0
      ? `${fullName}'s wallet is empty, so there is nothing to pay out`
      : `The amount is more than ${fullName}'s wallet balance of ${naira(balanceKobo)}`;
  return new HttpError(422, message, 'insufficient_funds');
}
