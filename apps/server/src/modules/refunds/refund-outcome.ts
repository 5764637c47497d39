import { formatNaira, nextRefundStatus, programmeName } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { recordAudit } from '../audit/record-audit';
import { enqueueMail, notify } from '../notifications/mail-queue';
import { paymentForRefund, updateRefund, type RefundRow } from './refund-store';
import { recordRefundProcessed } from './refund-ledger';

/**
 * Applies Paystack's word on a refund, the refund row locked by the caller. It only moves forward (a late
 * refund.pending after processed changes nothing), and processed posts the ledger once (its key), so a replayed
 * event or a second answer moves nothing. Processed mails the member; failed puts the payment back on the list
 * awaiting refund (a failed refund no longer counts) and tells the administrators.
 */
export async function applyRefundWord(tx: Tx, refund: RefundRow, word: string, note: string | null) {
  const next = nextRefundStatus(refund.status, word);
  if (!next) {
    // A word Paystack never documented is kept for the operator, not obeyed.
    if (!['pending', 'processing', 'processed', 'failed', 'needs-attention'].includes(word))
      await updateRefund(tx, refund.id, { providerNote: `Paystack says "${word}"` });
    return { moved: false as const, status: refund.status };
  }
  if (next === 'processed') {
    const { entryId } = await recordRefundProcessed(tx, refund);
    await updateRefund(tx, refund.id, { status: next, entryId, providerNote: note, ended: true });
    const payment = (await paymentForRefund(tx, refund.paymentReference))!;
    await notify(tx, refund.accountId, { kind: 'refund_processed', reference: refund.paymentReference, amountKobo: refund.amountKobo, leftKobo: payment.amountKobo - payment.processedKobo });
    await recordAudit(tx, { actorAccountId: null, action: 'refund_processed', targetAccountId: refund.accountId, details: { refundId: refund.id, reference: refund.paymentReference, amountKobo: refund.amountKobo, entryId } });
  } else if (next === 'failed') {
    await updateRefund(tx, refund.id, { status: next, providerNote: note ?? 'Paystack reports that the refund failed', ended: true });
    await recordAudit(tx, { actorAccountId: null, action: 'refund_failed', targetAccountId: refund.accountId, details: { refundId: refund.id, reference: refund.paymentReference, amountKobo: refund.amountKobo, note } });
    await tellAdministratorsRefundFailed(tx, refund, note ?? 'Paystack reports that the refund failed.');
  } else {
    await updateRefund(tx, refund.id, { status: next, providerNote: note });
  }
  return { moved: true as const, status: next };
}

async function tellAdministratorsRefundFailed(tx: Tx, refund: RefundRow, why: string) {
  const admins = await queryRows<{ email: string; full_name: string }>(tx, sql`select email, full_name from accounts where role = 'admin' and status = 'active' order by created_at`);
  for (const admin of admins)
    await enqueueMail(tx, admin.email, {
      template: 'admin_notice',
      data: {
        name: admin.full_name,
        subject: `Refund failed: ${formatNaira(refund.amountKobo)} of payment ${refund.paymentReference}`,
        paragraphs: [
          `The refund of ${formatNaira(refund.amountKobo)} of payment ${refund.paymentReference} (${programmeName(refund.programme)}) did not go through: ${why}`,
          'Nothing left the company. The payment is back on the list of payments awaiting refund; refund it again or contact the payer.',
        ],
        action: { label: 'See the payments awaiting refund', path: '/admindashboard#refunds-due' },
      },
    });
}
