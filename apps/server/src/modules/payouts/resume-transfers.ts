import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { transferReasonPrefix } from './payout-deps';
import { refreshTransfer, sendTransfer, type SendResult } from './send-transfer';
import { refreshRunStatus } from './transfer-outcome';

const MINUTE = 60_000;
const BATCH = 50;

/**
 * Payouts of transfer runs the job picks up (decision 0046):
 * - reserved ones a send left with the provider's error (Paystack answered 5xx, timed out or could not be reached):
 *   sent again once nobody has touched them for 5 minutes (a run still sending stamps each payout as it goes), then
 *   less often as they age (a sixth of their age), so one Paystack keeps refusing costs a few calls a day;
 * - processing ones with no outcome for 30 minutes (the webhook was lost, or came while Paystack's API could not be
 *   asked): Paystack's record of the reference is applied, like a webhook.
 * Bank-file runs are left alone: their payouts wait, reserved, for what the bank paid.
 */
async function payoutsToResume(db: Db, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return queryRows<{
    id: string;
    reference: string;
    status: 'reserved' | 'processing';
    run_id: string;
    period: string;
  }>(
    db,
    sql`select p.id, p.reference, p.status, p.run_id, r.period
        from payouts p join payout_runs r on r.id = p.run_id
        where r.mode = 'transfer'
          and ((p.status = 'reserved' and p.failure_reason is not null
                and p.updated_at < ${at} - greatest(interval '5 minutes', (${at} - p.created_at) / 6))
            or (p.status = 'processing'
                and p.updated_at < ${at} - greatest(interval '30 minutes', (${at} - p.created_at) / 6)))
        order by p.id
        limit ${BATCH}`,
  );
}

/**
 * Sends again the transfers Paystack could not take when they were sent, and asks about those sent without an
 * outcome, so a Paystack outage during a payout run is mended without an administrator pressing Retry. Never twice:
 * each send asks Paystack first whether the payout's reference already exists (a send whose answer was lost), and
 * Paystack refuses a reference used before; each outcome's ledger move has its own key. The first send Paystack
 * still does not answer ends the pass: the rest wait for the next run, unchanged.
 */
export async function resumeWaitingTransfers(
  deps: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger; config: Pick<Config, 'site'> },
  now = new Date(),
) {
  const { db, payments, log } = deps;
  const due = await payoutsToResume(db, now);
  const counts: Partial<Record<SendResult, number>> = {};
  const runs = new Set<number>();
  for (const payout of due) {
    const result =
      payout.status === 'reserved'
        ? await sendTransfer(db, payments, Number(payout.id), {
            reason: `${transferReasonPrefix(deps.config.site)} ${payout.period}`,
            verifyFirst: true,
          })
        : await refreshTransfer(db, payments, payout.reference);
    counts[result] = (counts[result] ?? 0) + 1;
    runs.add(Number(payout.run_id));
    if (result === 'unreachable') break;
  }
  for (const runId of runs) await db.transaction((tx) => refreshRunStatus(tx, runId));
  if (due.length > 0)
    log.info({ ...counts, due: due.length }, 'payout transfers resumed after provider faults');
  return counts;
}

/** Every 5 minutes on one instance (the job runner), like the payments' reconciliation. */
export function scheduleTransferResume(app: FastifyInstance, everyMs = 5 * MINUTE) {
  app.jobs.add({ name: 'payout-transfer-resume', everyMs, run: (now) => resumeWaitingTransfers(app, now) });
}
