import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { applyTransferOutcome } from './transfer-outcome';

/**
 * After the bank has paid a csv run's file: every reserved payout is settled as paid, except those the
 * administrator names as failed, whose money goes back to the members' wallets.
 */
export async function confirmCsvRun(db: Db, runId: number, adminId: string, failedPayoutIds: number[]) {
  const [run] = await queryRows<{ mode: string; status: string }>(
    db,
    sql`select mode, status from payout_runs where id = ${runId}`,
  );
  if (!run) throw new HttpError(404, 'There is no such payout run', 'run_not_found');
  if (run.mode !== 'csv')
    throw new HttpError(
      409,
      'This run pays by bank transfer: its outcomes come from the payment provider.',
      'transfer_run',
    );
  if (run.status !== 'running')
    throw new HttpError(409, 'Every payout of this run has its outcome already.', 'run_completed');
  const open = await queryRows<{ id: string; reference: string; amount_kobo: string }>(
    db,
    sql`select id, reference, amount_kobo from payouts where run_id = ${runId} and status = 'reserved' order by id`,
  );
  const failed = new Set(failedPayoutIds);
  const openIds = new Set(open.map((p) => Number(p.id)));
  const stranger = failedPayoutIds.find((id) => !openIds.has(id));
  if (stranger !== undefined)
    throw new HttpError(
      400,
      `Payout ${stranger} is not waiting for an outcome in this run`,
      'unknown_payout',
    );
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorAccountId: adminId,
      action: 'payout_csv_confirm',
      details: { runId, failedPayoutIds },
    }),
  );
  for (const p of open) {
    const isFailed = failed.has(Number(p.id));
    await applyTransferOutcome(db, p.reference, {
      status: isFailed ? 'failed' : 'success',
      amountKobo: Number(p.amount_kobo),
      reason: isFailed ? 'The bank could not pay this account' : null,
    });
  }
  return { settled: open.length - failed.size, failed: failed.size };
}
