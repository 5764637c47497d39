import { chargebackSplit, formatNaira, type Programme } from '@coop/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { recordAudit } from '../audit/record-audit';
import { entryAmountOnKobo, paidOutOfWalletKobo } from '../ledger/ledger-store';
import { walletBalanceKobo } from '../ledger/queries';
import { postEntry, type EntryLine } from '../ledger/post-entry';
import { raiseChargebackHold } from '../member-review/fraud-flags';
import { notify } from '../notifications/mail-queue';
import { paymentFacts } from '../payments/payment-fragments';
import { recordFeeTakenBack } from '../payments/queries';
import { recordMoneyOwedBack } from '../payments/refunds-due';
import { refundedKobo } from '../refunds/refund-store';

/**
 * Paystack's resolution when the customer's claim stands: we accepted it, or the bank decided it for the customer.
 * `declined` is the claim refused (we keep the money); an undocumented word is not booked as a loss.
 */
export const LOST_RESOLUTION = 'merchant-accepted';

/** Conditions on a disputes row aliased `d`: it is open, or it was lost. */
const openSql = sql`d.status <> 'resolved'`;
const lostSql = sql`d.status = 'resolved' and d.resolution = ${LOST_RESOLUTION}`;

/**
 * What the refund lists need to know of disputes (refunds/refund-bars.ts): a payment with an open dispute is not
 * awaiting a refund (one cannot be asked, decision 0056), and what a lost dispute took back is no longer owed.
 */
export const disputeRefundListFragments = {
  barred: (referenceSql: SQL) =>
    sql`exists (select 1 from disputes d where ${openSql} and d.payment_id = (select fp.id from ${paymentFacts({ reference: referenceSql })} fp))`,
  givenBackKobo: (referenceSql: SQL) =>
    sql`(select coalesce(sum(d.refund_amount_kobo), 0) from disputes d where ${lostSql} and d.payment_id = (select fp.id from ${paymentFacts({ reference: referenceSql })} fp))`,
};

interface LostRow {
  id: string;
  paystack_id: string;
  account_id: string;
  refund_amount_kobo: string;
  lost_at: Date | string | null;
  reference: string;
  programme: Programme;
  amount_kobo: string;
  placed: boolean;
  refunded_kobo: string;
}

/**
 * A lost dispute enters the books once (decision 0057), in the caller's transaction: Paystack took the disputed
 * amount out of the balance it holds for us (provider settlement credited), first settling what the payment still
 * owed back (refunds payable), then taking back its fee income, the rest a loss (the core's chargebackSplit). The
 * journal key (`chargeback:<reference>:<paystack id>`) and the row's lost_at make it once. For a payment that placed a
 * position, the account is held for review (its wallet frozen) and what was already paid out to the member is
 * recorded as owed by them, not clawed back. The member is told. Answers whether it was booked now.
 */
export async function bookLostDispute(tx: Tx, disputeId: number): Promise<boolean> {
  const [d] = await queryRows<LostRow>(
    tx,
    sql`select d.id, d.paystack_id, d.account_id, d.refund_amount_kobo, d.lost_at, p.reference, p.programme, p.amount_kobo, p.placed,
               ${refundedKobo(sql`p.reference`)} as refunded_kobo
        from disputes d join lateral ${paymentFacts({ id: sql`d.payment_id` })} p on true
        where d.id = ${disputeId} and ${lostSql} for update of d`,
  );
  if (!d || d.lost_at !== null) return false;
  const paystackId = Number(d.paystack_id);
  const takenKobo = Number(d.refund_amount_kobo);
  const amountKobo = Number(d.amount_kobo);
  const { programme, reference, placed } = d;
  // A payment that placed nothing is owed back (its entry posted again: the same key changes nothing).
  if (!placed) await recordMoneyOwedBack(tx, { programme, reference, amountKobo });
  const split = chargebackSplit(takenKobo, {
    owedBackKobo: placed ? 0 : amountKobo - Number(d.refunded_kobo),
    feeIncomeKobo: placed ? await entryAmountOnKobo(tx, `fee:${reference}`, 'fee_income') : 0,
  });
  const lines: EntryLine[] = [
    { account: { kind: 'provider_settlement', programme }, amountKobo: takenKobo },
    { account: { kind: 'refunds_payable', programme }, amountKobo: -split.fromRefundsPayableKobo },
    { account: { kind: 'fee_income', programme }, amountKobo: -split.fromFeeIncomeKobo },
    { account: { kind: 'chargeback_loss', programme }, amountKobo: -split.lossKobo },
  ];
  const entry =
    takenKobo > 0
      ? await postEntry(tx, {
          kind: 'chargeback',
          idempotencyKey: `chargeback:${reference}:${paystackId}`,
          programme,
          memo: `Payment ${reference} taken back by a lost card dispute (Paystack dispute ${paystackId})`,
          lines,
        })
      : null;
  // The admin dashboard counts fees from the payments: it learns what the loss took back of this one's fee.
  if (split.fromFeeIncomeKobo > 0) await recordFeeTakenBack(tx, reference, split.fromFeeIncomeKobo);
  const paidOutKobo = placed ? await paidOutOfWalletKobo(tx, d.account_id) : 0;
  await tx.execute(
    sql`update disputes set lost_at = now(), paid_out_before_kobo = ${paidOutKobo}, updated_at = now() where id = ${disputeId}`,
  );
  let flagId: number | null = null;
  if (placed) {
    const walletKobo = await walletBalanceKobo(tx, d.account_id);
    flagId = await raiseChargebackHold(tx, {
      accountId: d.account_id,
      key: `chargeback_lost:${paystackId}`,
      detail: `Payment ${reference} (${formatNaira(takenKobo)}) taken back by a lost dispute at Paystack (dispute ${paystackId}). The position stays; the wallet (${formatNaira(walletKobo)} now) waits for a review. Paid out to the member before: ${formatNaira(paidOutKobo)}, owed by them, not recovered automatically.`,
    });
  }
  await notify(tx, d.account_id, { kind: 'chargeback_taken', reference, amountKobo: takenKobo, placed });
  await recordAudit(tx, {
    actorAccountId: null,
    action: 'dispute_lost',
    targetAccountId: d.account_id,
    details: {
      disputeId,
      paystackDisputeId: paystackId,
      reference,
      takenKobo,
      ...split,
      entryId: entry?.entryId ?? null,
      paidOutBeforeKobo: paidOutKobo,
      flagId,
    },
  });
  return true;
}
