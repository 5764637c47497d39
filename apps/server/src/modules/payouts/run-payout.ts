import { type Programme, programmeName, DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { retryWhileDatabaseUnavailable, type OutageLog } from '../../db/unavailable';
import { recordAudit } from '../audit/record-audit';
import { payoutCandidates } from './candidates';
import { SKIP_REASON_TEXT, type SkipReason } from './payee-rules';
import { reservePayout } from './reserve-payout';
import { refreshTransfer, sendTransfer, type SendResult } from './send-transfer';
import { rearmFailedPayout } from './retry-failed-payout';
import { refreshRunStatus } from './transfer-outcome';

export interface PayoutDeps {
  db: Db;
  provider: PaymentProvider;
  minimumKobo: number;
  /** The narration the member's bank shows, such as "Cooperative bonus payout 2026-11". */
  reasonPrefix: string;
  /** Starts work that goes on after the answer (the transfers of a run); the app waits for it when it closes. */
  inBackground: (name: string, work: () => Promise<unknown>) => void;
  /** Where a run's waits for the database are logged (the app's logger). */
  log?: OutageLog;
  /** The app is closing: a run waiting for the database gives up its wait (Retry resumes it). */
  shouldStop?: () => boolean;
}

/**
 * How long a run's transfers wait for a database that went away mid-run (decision 0042) before the run is left for
 * Retry: long enough for a restart or a failover, short enough that a run does not hang on for hours.
 */
const OUTAGE_WAIT_MS = 10 * 60_000;
const quietLog: OutageLog = { warn: () => {}, info: () => {} };

/** Transfers sent at once: enough to keep the provider busy, few enough to stay within its rate limits. */
const PARALLEL_TRANSFERS = 4;

export interface RunProgress {
  runId: number;
  reserved: number;
  skipped: Partial<Record<SkipReason, number>>;
  /** Payees of an approved preview not paid because they changed since, named with the reason. */
  leftOut: { accountId: string; fullName: string; reason: string }[];
  /** Failed payouts not retried because their bank details are new: they wait for a second administrator. */
  held: number[];
}

/** One payee as the approved preview showed them. */
export interface FrozenPayee {
  accountId: string;
  fullName: string;
  amountKobo: number;
  bankSavedAt: string | null;
}

/**
 * Reserves every payee not yet in the run; the run's unique (run, account) key keeps each member to one payout.
 * An approved run reserves exactly its frozen preview: a payee whose wallet, bank details or review state changed
 * since is left out and named, and nobody who was not in it is added.
 */
async function reserveAll(
  deps: PayoutDeps,
  run: { id: number; programme: Programme; period: string },
  adminId: string | null,
  progress: RunProgress,
  frozen?: FrozenPayee[],
) {
  const skip = (reason: SkipReason) => (progress.skipped[reason] = (progress.skipped[reason] ?? 0) + 1);
  let payees: (FrozenPayee & { expected?: { amountKobo: number; bankSavedAt: string | null } })[];
  if (frozen)
    payees = frozen.map((p) => ({
      ...p,
      expected: { amountKobo: p.amountKobo, bankSavedAt: p.bankSavedAt },
    }));
  else {
    const candidates = await payoutCandidates(deps.db, run.programme, deps.minimumKobo);
    for (const s of candidates.skipped) skip(s.reason);
    payees = candidates.payees.map((p) => ({
      accountId: p.accountId,
      fullName: p.fullName,
      amountKobo: p.amountKobo,
      bankSavedAt: p.bankSavedAt,
    }));
  }
  for (const payee of payees) {
    const result = await reservePayout(deps.db, {
      runId: run.id,
      programme: run.programme,
      period: run.period,
      accountId: payee.accountId,
      minimumKobo: deps.minimumKobo,
      adminId,
      expected: payee.expected,
    });
    if (result.status === 'reserved') progress.reserved += 1;
    // The wallet or the bank details changed since the list was read: the locked re-check has the last word.
    if (result.status === 'skipped') {
      skip(result.reason);
      if (frozen)
        progress.leftOut.push({
          accountId: payee.accountId,
          fullName: payee.fullName,
          reason: SKIP_REASON_TEXT[result.reason],
        });
    }
  }
  await deps.db.execute(
    sql`update payout_runs set reservations_done_at = now() where id = ${run.id} and reservations_done_at is null`,
  );
}

/**
 * Sends each reserved payout, a few at a time; on a retry, also asks the provider about each payout sent
 * without an outcome yet (one waiting for its one-time code too: Paystack abandons it after 30 minutes). Then
 * completes the run if nothing is left waiting.
 */
async function sendAll(deps: PayoutDeps, run: { id: number; period: string }, retry: boolean) {
  const open = await queryRows<{ id: string; reference: string; status: string }>(
    deps.db,
    sql`select id, reference, status from payouts where run_id = ${run.id} and status in ('reserved', 'processing', 'otp') order by id`,
  );
  const results: Record<SendResult, number> = {
    sent: 0,
    left_reserved: 0,
    not_open: 0,
    refreshed: 0,
    unreachable: 0,
  };
  let next = 0;
  const worker = async () => {
    for (let p = open[next++]; p; p = open[next++]) {
      const payout = p;
      // The database going away mid-run does not end the run: the payout is tried again once it answers, and the
      // repeat asks the provider first about its reference, as the interrupted attempt may have sent it.
      const result = await retryWhileDatabaseUnavailable(
        (repeat) =>
          payout.status === 'reserved'
            ? sendTransfer(deps.db, deps.provider, Number(payout.id), {
                reason: `${deps.reasonPrefix} ${run.period}`,
                verifyFirst: retry || repeat,
              })
            : retry
              ? refreshTransfer(deps.db, deps.provider, payout.reference)
              : Promise.resolve(null),
        {
          what: `payout ${payout.id} of run ${run.id}`,
          log: deps.log ?? quietLog,
          maxWaitMs: OUTAGE_WAIT_MS,
          shouldStop: deps.shouldStop,
        },
      );
      if (result) results[result] += 1;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_TRANSFERS }, worker));
  await retryWhileDatabaseUnavailable(() => deps.db.transaction((tx) => refreshRunStatus(tx, run.id)), {
    what: `the status of run ${run.id}`,
    log: deps.log ?? quietLog,
    maxWaitMs: OUTAGE_WAIT_MS,
    shouldStop: deps.shouldStop,
  });
  return results;
}

const newProgress = (runId: number): RunProgress => ({
  runId,
  reserved: 0,
  skipped: {},
  leftOut: [],
  held: [],
});

/**
 * Runs a programme's payout for a month: one run row per (programme, month), so running the same month
 * again is refused and pays nobody twice. Every payee's money is reserved before the answer; then, in
 * transfer mode, the reserved payouts are sent to the provider in the background (the run's page follows
 * them). In csv mode the payouts stay reserved until an administrator confirms what the bank paid.
 */
export async function startPayoutRun(
  deps: PayoutDeps,
  input: {
    programme: Programme;
    period: string;
    mode: 'transfer' | 'csv';
    adminId: string | null;
    /** The approval: who approved, and the payees of the preview they approved. */
    approved?: { by: string; payees: FrozenPayee[] };
  },
): Promise<RunProgress> {
  const runId = await deps.db.transaction(async (tx) => {
    const [later] = await queryRows<{ id: string; period: string }>(
      tx,
      sql`select id, period from payout_runs where programme = ${input.programme} and period > ${input.period} order by period desc limit 1`,
    );
    // Paying an earlier month after a later one would book a failed payout under the wrong month.
    if (later)
      throw new DomainError(
        'later_run_exists',
        `The ${programmeName(input.programme)} payout of ${later.period} has already been run, so ${input.period} cannot be run now: months are paid in order. To pay someone whose payout of an earlier month failed, open that month's run and press Retry.`,
      );
    const [created] = await queryRows<{ id: string }>(
      tx,
      sql`insert into payout_runs (programme, period, mode, created_by, approved_by)
          values (${input.programme}, ${input.period}, ${input.mode}, ${input.adminId}, ${input.approved?.by ?? null})
          on conflict (programme, period) do nothing returning id`,
    );
    if (!created)
      throw new DomainError(
        'run_exists',
        `The ${programmeName(input.programme)} payout for ${input.period} has already been run. Open it and press Retry to pay the payouts that did not go through.`,
      );
    const id = Number(created.id);
    await recordAudit(tx, {
      actorAccountId: input.adminId,
      action: 'payout_run',
      details: {
        runId: id,
        programme: input.programme,
        period: input.period,
        mode: input.mode,
        approvedBy: input.approved?.by ?? null,
      },
    });
    return id;
  });
  const run = { id: runId, programme: input.programme, period: input.period };
  const progress = newProgress(runId);
  await reserveAll(deps, run, input.adminId, progress, input.approved?.payees);
  if (input.mode === 'transfer') deps.inBackground(`payout run ${runId}`, () => sendAll(deps, run, false));
  else await deps.db.transaction((tx) => refreshRunStatus(tx, runId));
  return progress;
}

/**
 * Pays again what a run has not paid, inside the run itself: every failed or reversed payout whose member now
 * has confirmed bank details is reserved again under a new reference (retry-failed-payout.ts); a run stopped
 * halfway reserves the payees it had not reached. A transfer run then sends every reserved payout (asking the
 * provider about each reference first, so nothing is paid twice) and asks about those sent without an
 * outcome; a bank-file run waits for the next file and what the bank paid. A second press finds nothing failed
 * and nothing new to send, so it moves no money twice.
 */
export async function retryPayoutRun(
  deps: PayoutDeps,
  runId: number,
  adminId: string,
  options: {
    /** Only these failed payouts (an approved retry); all of the run's otherwise. */
    payoutIds?: number[];
    /** Bank details saved after this are held, not paid (null: none held). */
    heldIfBankSavedAfter?: (payoutId: number, runCreatedAt: Date) => Date | null;
  } = {},
): Promise<RunProgress> {
  const [run] = await queryRows<{
    id: string;
    programme: Programme;
    period: string;
    mode: 'transfer' | 'csv';
    status: 'running' | 'needs_attention' | 'completed';
    reservations_done_at: string | Date | null;
    created_at: string | Date;
  }>(
    deps.db,
    sql`select id, programme, period, mode, status, reservations_done_at, created_at from payout_runs where id = ${runId}`,
  );
  if (!run) throw new DomainError('run_not_found', 'There is no such payout run');
  if (run.status === 'completed')
    throw new DomainError(
      'run_completed',
      'Every payout of this run is paid or released; there is nothing to retry.',
    );
  const progress = newProgress(runId);
  const failed = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from payouts where run_id = ${runId} and status in ('failed', 'reversed') order by id`,
  );
  const rearmed: number[] = [];
  const chosen = options.payoutIds
    ? failed.filter(({ id }) => options.payoutIds!.includes(Number(id)))
    : failed;
  for (const { id } of chosen) {
    const held = options.heldIfBankSavedAfter?.(Number(id), new Date(run.created_at)) ?? null;
    const result = await rearmFailedPayout(deps.db, Number(id), adminId, held);
    if (result.status === 'rearmed') {
      rearmed.push(Number(id));
      progress.reserved += 1;
    }
    if (result.status === 'skipped')
      progress.skipped[result.reason] = (progress.skipped[result.reason] ?? 0) + 1;
    if (result.status === 'skipped' && result.reason === 'bank_details_new') progress.held.push(Number(id));
  }
  const target = { id: runId, programme: run.programme, period: run.period };
  if (!run.reservations_done_at) await reserveAll(deps, target, adminId, progress);
  await deps.db.transaction(async (tx) => {
    await recordAudit(tx, {
      actorAccountId: adminId,
      action: 'payout_run_retry',
      details: { runId, rearmedPayoutIds: rearmed, skipped: progress.skipped, heldPayoutIds: progress.held },
    });
    await refreshRunStatus(tx, runId);
  });
  if (run.mode === 'transfer')
    deps.inBackground(`payout run ${runId} retry`, () => sendAll(deps, target, true));
  return progress;
}
