import { refundLeftKobo, toNairaString, DomainError } from '@coop/core';
import type { RefundOverview } from '@coop/core/contracts';
import type { Tx } from '../../db/client';
import { findPendingBySubject } from '../approvals/approval-store';
import { paymentForRefund, refundsOf, type RefundRow } from './refund-store';
import { assertRefundable } from './start-refund';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const HOUR_MS = 3_600_000;

export const refundView = (r: RefundRow, now = new Date()) => ({
  id: r.id,
  amount: toNairaString(r.amountKobo),
  status: r.status,
  reason: r.reason,
  providerNote: r.providerNote,
  requestedBy: r.requestedBy,
  approvedBy: r.approvedBy,
  createdAt: r.createdAt.toISOString(),
  endedAt: iso(r.endedAt),
  providerRefundId: r.providerRefundId,
  waitingHours: r.endedAt ? null : Math.max(0, Math.floor((now.getTime() - r.createdAt.getTime()) / HOUR_MS)),
  checkedAt: iso(r.checkedAt),
  expectedAt: iso(r.expectedAt),
});

/** What the refund screen shows: the payment, whether and how much may be refunded, a request waiting, its refunds. */
export async function refundOverview(db: Tx, reference: string): Promise<RefundOverview> {
  const payment = await paymentForRefund(db, reference);
  if (!payment) throw new DomainError('payment_unknown', 'There is no payment with this reference.');
  // A payment that placed a position (or was never paid) has nothing to refund, whatever its amount.
  const leftKobo = payment.placed || payment.status !== 'paid' ? 0 : refundLeftKobo(payment);
  let refusal: string | null = null;
  try {
    assertRefundable(payment, Math.max(refundLeftKobo(payment), 1));
  } catch (error) {
    refusal = (error as Error).message;
  }
  const waiting = await findPendingBySubject(db, `refund:${reference}`);
  return {
    payment: {
      reference: payment.reference,
      accountId: payment.accountId,
      fullName: payment.fullName,
      email: payment.email,
      programme: payment.programme,
      amount: toNairaString(payment.amountKobo),
      status: payment.status,
      paidAt: iso(payment.paidAt),
      placed: payment.placed,
      note: payment.note,
    },
    refundable: refusal === null && !waiting,
    refusal:
      refusal ??
      (waiting ? `Request #${waiting.id} to refund this payment waits for a second administrator.` : null),
    left: toNairaString(leftKobo),
    refunded: toNairaString(payment.processedKobo),
    waitingApproval: waiting ? { id: Number(waiting.id), summary: waiting.summary } : null,
    refunds: (await refundsOf(db, reference)).map((r) => refundView(r)),
  };
}
