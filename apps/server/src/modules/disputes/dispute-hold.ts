import { formatNaira } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { recordAudit } from '../audit/record-audit';

/**
 * The hold a dispute puts on the member's money is a fraud_flags row (rule payment_disputed, holding payouts), the
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
  const [raised] = await queryRows<{ id: string }>(
    tx,
    sql`insert into fraud_flags (account_id, rule, related_account_id, detail, dedupe_key, holds_payouts)
        values (${dispute.accountId}, 'payment_disputed', null, ${`Payment ${dispute.reference} (${formatNaira(dispute.amountKobo)}) disputed at Paystack, dispute ${dispute.paystackId}${due}`},
                ${holdKey(dispute.paystackId)}, true)
        on conflict (dedupe_key) do nothing returning id`,
  );
  if (raised)
    await recordAudit(tx, {
      actorAccountId: null,
      action: 'dispute_hold',
      targetAccountId: dispute.accountId,
      details: {
        paystackDisputeId: dispute.paystackId,
        reference: dispute.reference,
        flagId: Number(raised.id),
      },
    });
}

export async function releaseDisputeHold(
  tx: Tx,
  dispute: { paystackId: number; accountId: string; resolution: string | null },
) {
  const [cleared] = await queryRows<{ id: string }>(
    tx,
    sql`update fraud_flags set cleared_at = now(), clear_note = ${`Paystack resolved the dispute${dispute.resolution ? ` (${dispute.resolution})` : ''}`}
        where dedupe_key = ${holdKey(dispute.paystackId)} and cleared_at is null returning id`,
  );
  if (cleared)
    await recordAudit(tx, {
      actorAccountId: null,
      action: 'dispute_hold_released',
      targetAccountId: dispute.accountId,
      details: {
        paystackDisputeId: dispute.paystackId,
        resolution: dispute.resolution,
        flagId: Number(cleared.id),
      },
    });
}
