import { DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { auditRecordedWith } from '../audit/audit-reads';
import { recordAudit } from '../audit/record-audit';
import { applyTransferOutcome } from './transfer-outcome';

interface OtpPayout {
  reference: string;
  transfer_code: string | null;
  account_id: string;
  run_id: string | null;
}

/** A payout Paystack holds for its one-time code (status otp), with the transfer code the code is given for. */
async function payoutAwaitingCode(db: Db, payoutId: number): Promise<OtpPayout & { transfer_code: string }> {
  const [payout] = await queryRows<OtpPayout & { status: string }>(
    db,
    sql`select reference, transfer_code, account_id, run_id, status from payouts where id = ${payoutId}`,
  );
  if (!payout) throw new DomainError('payout_not_found', 'There is no such payout');
  if (payout.status !== 'otp' || !payout.transfer_code)
    throw new DomainError('not_waiting_for_code', 'This payout is not waiting for a one-time code');
  return { ...payout, transfer_code: payout.transfer_code };
}

const audit = (
  db: Db,
  adminId: string,
  action: string,
  payoutId: number,
  payout: OtpPayout,
  extra: Record<string, unknown> = {},
) =>
  recordAudit(db, {
    actorAccountId: adminId,
    action,
    targetAccountId: payout.account_id,
    details: { payoutId, runId: payout.run_id === null ? null : Number(payout.run_id), ...extra },
  });

/**
 * Gives Paystack the one-time code it sent to the business's phone (POST /transfer/finalize_transfer,
 * paystack.com/docs/transfers/single-transfers#finalize-transfer). Paystack's answer is applied like a webhook's,
 * so the money moves once whatever arrives first; a wrong or expired code is Paystack's words back to the operator.
 * A second press finds the payout no longer waiting for a code and moves nothing.
 */
export async function finalizePayoutTransfer(
  db: Db,
  provider: PaymentProvider,
  payoutId: number,
  adminId: string,
  otp: string,
) {
  const payout = await payoutAwaitingCode(db, payoutId);
  const answer = await provider.finalizeTransfer({ transferCode: payout.transfer_code, otp });
  if ('refused' in answer)
    throw new DomainError('otp_refused', `Paystack did not accept the code: ${answer.refused}`);
  await applyTransferOutcome(db, payout.reference, answer);
  // Kept for the preview's warning that this programme's runs need a code (OTP is on in Paystack's settings).
  await audit(db, adminId, 'payout_otp_finalize', payoutId, payout, { status: answer.status });
  return answer.status;
}

/** Asks Paystack to send the code again (POST /transfer/resend_otp, reason resend_otp). */
export async function resendPayoutOtp(db: Db, provider: PaymentProvider, payoutId: number, adminId: string) {
  const payout = await payoutAwaitingCode(db, payoutId);
  const answer = await provider.resendTransferOtp(payout.transfer_code);
  if ('refused' in answer)
    throw new DomainError('otp_resend_refused', `Paystack did not send a new code: ${answer.refused}`);
  await audit(db, adminId, 'payout_otp_resend', payoutId, payout);
}

/**
 * Whether the programme's last transfer run needed a one-time code: a payout still waiting for one, abandoned for
 * want of one, or finalised with one. The preview then warns that an automatic run would stop at each transfer.
 */
export async function lastRunNeededOtp(db: Db, programme: string): Promise<boolean> {
  const [row] = await queryRows<{ needed: boolean }>(
    db,
    sql`with last_run as (select id from payout_runs where programme = ${programme} and mode = 'transfer' order by period desc, id desc limit 1)
        select exists (select 1 from payouts p, last_run where p.run_id = last_run.id and (p.status = 'otp' or p.provider_status in ('otp', 'abandoned')))
            or ${auditRecordedWith('payout_otp_finalize', 'runId', sql`(select id::text from last_run)`)} as needed`,
  );
  return row?.needed === true;
}
