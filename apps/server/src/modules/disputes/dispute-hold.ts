import { formatNaira } from '@coop/core';
import type { Tx } from '../../db/client';
import { recordAudit } from '../audit/record-audit';
import { clearDisputeHold, raiseDisputeHold } from '../member-review/fraud-flags';

/**
 * The hold a dispute puts on the member's money is a fraud flag (member-review: rule payment_disputed, holding payouts), the
 * one mechanism that already keeps payouts back (payouts/payee-query.ts) and cash-outs (cash-outs/record-cash-out.ts).
 * One flag per Paystack dispute (its dedupe key); Paystack's resolution clears it, not an administrator.
 */
const holdKey = (paystackId: number) => `payment_disputed:${paystackId}`;

export async function holdForDispute(
  tx: Tx,
  dispute: {
    paystackId: number;
    accountId: string;
    reference: string;
    amountKobo: number;
    dueAt: Date | null;
  },
) {
  const due = dispute.dueAt
    ? `, answer due ${dispute.dueAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : '';
  const raised = await raiseDisputeHold(tx, {
    accountId: dispute.accountId,
    detail: `Payment ${dispute.reference} (${formatNaira(dispute.amountKobo)}) disputed at Paystack, dispute ${dispute.paystackId}${due}`,
    key: holdKey(dispute.paystackId),
  });
  if (raised !== null)
    await recordAudit(tx, {
      actorAccountId: null,
      action: 'dispute_hold',
      targetAccountId: dispute.accountId,
      details: {
        paystackDisputeId: dispute.paystackId,
        reference: dispute.reference,
        flagId: raised,
      },
    });
}

export async function releaseDisputeHold(
  tx: Tx,
  dispute: { paystackId: number; accountId: string; resolution: string | null },
) {
  const cleared = await clearDisputeHold(tx, {
    key: holdKey(dispute.paystackId),
    note: `Paystack resolved the dispute${dispute.resolution ? ` (${dispute.resolution})` : ''}`,
  });
  if (cleared !== null)
    await recordAudit(tx, {
      actorAccountId: null,
      action: 'dispute_hold_released',
      targetAccountId: dispute.accountId,
      details: {
        paystackDisputeId: dispute.paystackId,
        resolution: dispute.resolution,
        flagId: cleared,
      },
    });
}
