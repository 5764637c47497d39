import { formatNaira, nextRefundStatus, programmeName } from '@coop/core';
import type { ProviderRefund } from '../../adapters/payments/refund-types';
import type { Tx } from '../../db/client';
import { activeAdministrators } from '../accounts/account-store';
import { recordAudit } from '../audit/record-audit';
import { enqueueMail, notify } from '../notifications/mail-queue';
import { paymentForRefund, updateRefund, type RefundRow } from './refund-store';
import { recordRefundProcessed } from './refund-ledger';

/**
 * Applies Paystack's word on a refund, the refund row locked by the caller. It only moves forward (a late
 * refund.pending after processed changes nothing), and processed posts the ledger once (its key), so a replayed
 * event or a second answer moves nothing. The first word that Paystack accepted the refund (out of sending) mails the
 * member that it started, with Paystack's expected date when the row has it; processed mails the member; failed puts
 * the payment back on the list awaiting refund (a failed refund no longer counts) and tells the administrators.
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
    await notify(tx, refund.accountId, {
      kind: 'refund_processed',
      reference: refund.paymentReference,
      amountKobo: refund.amountKobo,
      leftKobo: payment.amountKobo - payment.processedKobo,
    });
    await recordAudit(tx, {
      actorAccountId: null,
      action: 'refund_processed',
      targetAccountId: refund.accountId,
      details: {
        refundId: refund.id,
        reference: refund.paymentReference,
        amountKobo: refund.amountKobo,
        entryId,
      },
    });
  } else if (next === 'failed') {
    await updateRefund(tx, refund.id, {
      status: next,
      providerNote: note ?? 'Paystack reports that the refund failed',
      ended: true,
    });
    await recordAudit(tx, {
      actorAccountId: null,
      action: 'refund_failed',
      targetAccountId: refund.accountId,
      details: {
        refundId: refund.id,
        reference: refund.paymentReference,
        amountKobo: refund.amountKobo,
        note,
      },
    });
    await tellAdministratorsRefundFailed(tx, refund, note ?? 'Paystack reports that the refund failed.');
  } else {
    await updateRefund(tx, refund.id, { status: next, providerNote: note });
    // Out of sending happens once (the row is locked, and the status never moves back), so the member is told once.
    if (refund.status === 'sending')
      await notify(tx, refund.accountId, {
        kind: 'refund_started',
        reference: refund.paymentReference,
        amountKobo: refund.amountKobo,
        expectedAt: refund.expectedAt?.toISOString() ?? null,
      });
  }
  return { moved: true as const, status: next };
}

/**
 * Paystack's answer to GET /refund/:id, applied to the refund row the caller locked: the one path for a refund
 * event's check, the recheck job and an administrator's "Ask Paystack now". It notes when Paystack was asked and
 * its expected date, then applies its status as any word of Paystack's (forward only, each outcome once).
 */
export async function applyFetchedRefund(
  tx: Tx,
  refund: RefundRow,
  fetched: ProviderRefund,
  checkedAt: Date,
) {
  const expectedAt = fetched.expectedAt ? new Date(fetched.expectedAt) : null;
  await updateRefund(tx, refund.id, { checkedAt, expectedAt });
  const note = fetched.status === 'failed' ? 'Paystack reports that the refund failed' : null;
  return applyRefundWord(
    tx,
    { ...refund, checkedAt, expectedAt: expectedAt ?? refund.expectedAt },
    fetched.status,
    note,
  );
}

async function tellAdministratorsRefundFailed(tx: Tx, refund: RefundRow, why: string) {
  const admins = await activeAdministrators(tx);
  for (const admin of admins)
    await enqueueMail(tx, admin.email, {
      template: 'admin_notice',
      data: {
        name: admin.fullName,
        subject: `Refund failed: ${formatNaira(refund.amountKobo)} of payment ${refund.paymentReference}`,
        paragraphs: [
          `The refund of ${formatNaira(refund.amountKobo)} of payment ${refund.paymentReference} (${programmeName(refund.programme)}) did not go through: ${why}`,
          'Nothing left the company. The payment is back on the list of payments awaiting refund; refund it again or contact the payer.',
        ],
        action: { label: 'See the payments awaiting refund', path: '/admindashboard#refunds-due' },
      },
    });
}
