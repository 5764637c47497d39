import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/** Entries whose settlement line is a bank transfer leaving (or, reversed, returning): the payout_* outcomes. */
const TRANSFER_ENTRY = 'payout_%';

export interface LedgerFigures {
  feesReceivedKobo: number;
  bonusesCreditedKobo: number;
  paidByTransferKobo: number;
  paidByCashKobo: number;
  owedNowKobo: number;
  walletsInCredit: number;
  reservedKobo: number;
  healthFeesPayableKobo: number;
  grantsCreditedKobo: number;
  /** What lost card disputes took back out of Paystack's balance for us, and how many (decision 0057). */
  chargebacksKobo: number;
  chargebackCount: number;
  /** The part of it beyond what the payments held for us (the customer's card fee, money refunded twice). */
  chargebackLossKobo: number;
}

/**
 * The programme's money as the ledger holds it: each figure is the balance of a ledger account (or the sum of
 * the wallets), so it cannot drift from the lines. Company accounts carry the sign of double entry: bonus
 * expense is debited as wallets are credited, hence the minus.
 */
export async function ledgerFigures(db: Tx, programme: Programme): Promise<LedgerFigures> {
  const balances = await queryRows<{ kind: string; balance: string; in_credit: string }>(
    db,
    sql`select kind, coalesce(sum(balance_kobo), 0) as balance, count(*) filter (where balance_kobo > 0) as in_credit
        from ledger_accounts where programme = ${programme} group by kind`,
  );
  const of = (kind: string) => Number(balances.find((b) => b.kind === kind)?.balance ?? 0);
  const [transfers] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(l.amount_kobo), 0) as total
        from journal_lines l
        join ledger_accounts a on a.id = l.ledger_account_id
        join journal_entries e on e.id = l.entry_id
        where a.key = ${`provider_settlement:${programme}`} and e.kind like ${TRANSFER_ENTRY}`,
  );
  const [chargebacks] = await queryRows<{ total: string; n: string }>(
    db,
    sql`select coalesce(sum(l.amount_kobo), 0) as total, count(*) as n
        from journal_lines l
        join ledger_accounts a on a.id = l.ledger_account_id
        join journal_entries e on e.id = l.entry_id
        where a.key = ${`provider_settlement:${programme}`} and e.kind = 'chargeback'`,
  );
  return {
    feesReceivedKobo: of('fee_income'),
    bonusesCreditedKobo: -of('bonus_expense'),
    paidByTransferKobo: Number(transfers!.total),
    paidByCashKobo: of('cash_payout'),
    owedNowKobo: of('wallet'),
    walletsInCredit: Number(balances.find((b) => b.kind === 'wallet')?.in_credit ?? 0),
    // Taken from wallets and not yet paid: payouts awaiting the bank, and cash-outs awaiting approval (decision 0040).
    reservedKobo: of('payout_clearing') + of('cash_out_clearing'),
    healthFeesPayableKobo: of('health_fee_payable'),
    grantsCreditedKobo: -of('grant_expense'),
    chargebacksKobo: Number(chargebacks!.total),
    chargebackCount: Number(chargebacks!.n),
    chargebackLossKobo: -of('chargeback_loss'),
  };
}

export interface MonthFigures {
  month: string;
  feesInKobo: number;
  bonusesCreditedKobo: number;
  paidOutKobo: number;
}

/** Fees in, bonuses credited and money paid out per Lagos month since `from`, from the journal's lines. */
export async function monthlyFigures(db: Tx, programme: Programme, from: Date): Promise<MonthFigures[]> {
  const rows = await queryRows<{ month: string; fees: string; bonuses: string; paid: string }>(
    db,
    sql`select to_char((e.created_at at time zone 'UTC') + interval '1 hour', 'YYYY-MM') as month,
          coalesce(sum(l.amount_kobo) filter (where a.kind = 'fee_income'), 0) as fees,
          coalesce(-sum(l.amount_kobo) filter (where a.kind = 'bonus_expense'), 0) as bonuses,
          coalesce(sum(l.amount_kobo) filter (where a.kind = 'cash_payout' or (a.kind = 'provider_settlement' and e.kind like ${TRANSFER_ENTRY})), 0) as paid
        from journal_lines l
        join journal_entries e on e.id = l.entry_id
        join ledger_accounts a on a.id = l.ledger_account_id
        where e.programme = ${programme} and e.created_at >= ${from.toISOString()}::timestamptz
        group by 1`,
  );
  return rows.map((r) => ({
    month: r.month,
    feesInKobo: Number(r.fees),
    bonusesCreditedKobo: Number(r.bonuses),
    paidOutKobo: Number(r.paid),
  }));
}
