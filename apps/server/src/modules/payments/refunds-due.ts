import { formatNaira, programmeName, type Programme } from '@coop/core';
import type { Tx } from '../../db/client';
import { activeAdministrators, contactOf } from '../accounts/account-store';
import { postEntry } from '../ledger/post-entry';
import { enqueueMail, notify } from '../notifications/mail-queue';

/**
 * A payment the provider took that placed no position (a second fee from an older checkout, a payment after
 * closure...): settle-payment.ts marks it paid and not_placed (migration 0033). It gives no value and is never
 * income; its money is owed back until refunds (modules/refunds) have given it all back: refunds/refunds-due.ts lists
 * what is still owed.
 */
export const NOT_PLACED = `status = 'paid' and coalesce(placement, 'placed') = 'not_placed'`;

/**
 * The money of a payment that placed nothing, in the ledger: Paystack holds it for us (provider settlement, as a
 * fee is), and it is owed back (refunds payable), never income. Posted when the payment settles, and again (the
 * same key changes nothing) before a refund, for payments settled before refunds existed. A processed refund
 * takes it out of both (modules/refunds/refund-ledger.ts), so the journal balances at each step.
 */
export async function recordMoneyOwedBack(
  tx: Tx,
  payment: { programme: Programme; reference: string; amountKobo: number },
) {
  await postEntry(tx, {
    kind: 'refund_due',
    idempotencyKey: `refund-due:${payment.reference}`,
    programme: payment.programme,
    memo: `Payment ${payment.reference} placed no position: owed back to the payer`,
    lines: [
      {
        account: { kind: 'provider_settlement', programme: payment.programme },
        amountKobo: -payment.amountKobo,
      },
      { account: { kind: 'refunds_payable', programme: payment.programme }, amountKobo: payment.amountKobo },
    ],
  });
}

/**
 * A payment was taken that placed nothing: the member is told the money is owed back, and every active
 * administrator is mailed so the refund is not forgotten (in the settling transaction: told if and only if so).
 */
export async function announceRefundDue(
  tx: Tx,
  payment: { accountId: string; programme: Programme; reference: string; amountKobo: number },
  reason: string,
) {
  await notify(tx, payment.accountId, {
    kind: 'payment_not_placed',
    reference: payment.reference,
    amountKobo: payment.amountKobo,
    reason,
  });
  const payer = await contactOf(tx, payment.accountId);
  const admins = await activeAdministrators(tx);
  for (const admin of admins)
    await enqueueMail(tx, admin.email, {
      template: 'admin_notice',
      data: {
        name: admin.fullName,
        subject: `Refund due: ${formatNaira(payment.amountKobo)} paid by ${payer?.fullName ?? 'a member'}`,
        paragraphs: [
          `${payer?.fullName ?? 'A member'} (${payer?.email ?? 'unknown'}) paid ${formatNaira(payment.amountKobo)} for the ${programmeName(payment.programme)} (reference ${payment.reference}), but no position could be placed: ${reason}`,
          'The amount is owed back and is listed under Payments awaiting refund on the dashboard, where it is refunded through Paystack (a second administrator approves); it is not counted as income.',
        ],
        action: { label: 'See the refunds due', path: '/admindashboard#refunds-due' },
      },
    });
}
