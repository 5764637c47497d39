import { formatNaira, PROGRAMMES, toNairaString, type Programme, programmeName } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountsExistedBefore } from '../accounts/account-sql';
import { activeAdministrators } from '../accounts/account-store';
import { httpErrorOf } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { enqueueMail } from '../notifications/mail-queue';
import { payoutDeps, type PayoutSource } from './payout-deps';
import { payoutCandidates } from './candidates';
import { startPayoutRun } from './run-payout';

const HOUR = 3_600_000;

export interface PreparedMonth {
  programme: Programme;
  period: string;
  payees: number;
  totalKobo: number;
  runId: number | null;
}

/**
 * The payout day whose month should be prepared by now: this month's when its day has come (Lagos time), else last
 * month's. `missed` when that day is already over, so the preparation catches up (the platform was stopped then).
 */
export function latestPayoutDay(now: Date, day: number) {
  const lagos = new Date(now.getTime() + HOUR);
  const year = lagos.getUTCFullYear();
  const month = lagos.getUTCMonth() - (lagos.getUTCDate() >= day ? 0 : 1);
  // 00:00 in Lagos is 23:00 UTC the evening before.
  const startsAt = new Date(Date.UTC(year, month, day) - HOUR);
  const period = new Date(startsAt.getTime() + HOUR).toISOString().slice(0, 7);
  return { period, startsAt, missed: lagos.getUTCDate() !== day || month !== lagos.getUTCMonth() };
}

/**
 * The payout day (PAYOUT_DAY, Lagos time): each programme's month is prepared as a preview that waits for an
 * administrator to run it, and the administrators are told by mail; with PAYOUT_AUTO it is also run. The job
 * runner gives the hour to one instance, and the unique (programme, month) row of payout_schedule makes the
 * preparation happen once even if two instances reach it in different hours or the job runs again after a crash.
 * A day the platform missed (stopped on the day) is caught up at the next start, as the job runner runs due jobs
 * at once: the latest payout day's month is prepared if nobody prepared or ran it, and the mail says it is late.
 * A month whose payout day came before any account existed (a new installation) owes nobody and is left alone.
 */
export async function preparePayoutDay(
  deps: PayoutSource,
  now: Date,
  instance: string,
): Promise<PreparedMonth[]> {
  const { period, startsAt, missed } = latestPayoutDay(now, deps.config.payout.day);
  const prepared: PreparedMonth[] = [];
  for (const programme of PROGRAMMES) {
    if (!(await monthIsOpen(deps.db, programme, period, missed ? startsAt : null))) continue;
    const { payees, skipped } = await payoutCandidates(deps.db, programme, deps.config.payout.minimumKobo);
    const totalKobo = payees.reduce((sum, p) => sum + p.amountKobo, 0);
    const auto = deps.config.payout.auto && payees.length > 0;
    const claimed = await deps.db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into payout_schedule (programme, period, payee_count, total_kobo, skipped_count, auto_run, instance)
            values (${programme}, ${period}, ${payees.length}, ${totalKobo}, ${skipped.length}, ${auto}, ${instance})
            on conflict (programme, period) do nothing returning id`,
      );
      if (row)
        await recordAudit(tx, {
          actorAccountId: null,
          action: 'payout_prepared',
          details: {
            programme,
            period,
            payees: payees.length,
            totalKobo,
            autoRun: auto,
            ...(missed ? { caughtUp: true, payoutDay: startsAt.toISOString() } : {}),
          },
        });
      return row ? Number(row.id) : null;
    });
    if (claimed === null) continue;
    let runId: number | null = null;
    if (auto) runId = await runPreparedMonth(deps, claimed, programme, period);
    prepared.push({ programme, period, payees: payees.length, totalKobo, runId });
    await tellAdministrators(deps.db, {
      programme,
      period,
      payees: payees.length,
      totalKobo,
      skipped: skipped.length,
      runId,
      lateFrom: missed ? startsAt : null,
    });
  }
  return prepared;
}

/**
 * Whether the month still waits for its preparation: not prepared, not run (an administrator who ran it, or a later
 * month, before the day has done the job), and for a missed day, the platform had accounts before it. Checked
 * before the candidates are counted, since the job looks every hour of the month.
 */
async function monthIsOpen(db: Db, programme: Programme, period: string, missedDay: Date | null) {
  const [row] = await queryRows<{ done: boolean; existed: boolean }>(
    db,
    sql`select exists (select 1 from payout_schedule where programme = ${programme} and period = ${period})
               or exists (select 1 from payout_runs where programme = ${programme} and period >= ${period}) as done,
               ${missedDay === null ? sql`true` : accountsExistedBefore(missedDay)} as existed`,
  );
  return !row!.done && row!.existed;
}

async function runPreparedMonth(
  deps: PayoutSource,
  scheduleId: number,
  programme: Programme,
  period: string,
) {
  try {
    const progress = await startPayoutRun(payoutDeps(deps), {
      programme,
      period,
      mode: 'transfer',
      adminId: null,
    });
    await deps.db.execute(
      sql`update payout_schedule set run_id = ${progress.runId} where id = ${scheduleId}`,
    );
    return progress.runId;
  } catch (error) {
    // An administrator ran it in the same moment: their run stands, and nobody is paid twice.
    if (httpErrorOf(error)?.statusCode === 409) return null;
    throw error;
  }
}

async function tellAdministrators(
  db: Db,
  month: {
    programme: Programme;
    period: string;
    payees: number;
    totalKobo: number;
    skipped: number;
    runId: number | null;
    lateFrom: Date | null;
  },
) {
  const admins = await activeAdministrators(db);
  const name = `${programmeName(month.programme)} payout of ${month.period}`;
  const path = `/adminpayouts${month.runId ? `/${month.runId}` : ''}`;
  const figures = `${month.payees} member${month.payees === 1 ? '' : 's'}, ${formatNaira(month.totalKobo)} in all; ${month.skipped} left out (see why on the screen).`;
  const day = month.lateFrom
    ? `The payout day (${lagosDate(month.lateFrom)}) was missed while the platform was stopped, so the month is prepared now, late`
    : 'It is payout day';
  const lead = month.runId
    ? `${day}: the ${name} has been run by the schedule (PAYOUT_AUTO). ${figures} Follow it and retry any payout that fails:`
    : month.payees === 0
      ? `${day}, but nobody is due a payout in the ${name}. ${figures}`
      : `${day}: the ${name} is prepared and waits for an administrator to approve and run it. ${figures} Preview and run it here:`;
  // Queued together: the mail worker sends them (and retries), whichever instance prepared the month.
  await db.transaction(async (tx) => {
    for (const admin of admins)
      await enqueueMail(tx, admin.email, {
        template: 'admin_notice',
        data: {
          name: admin.fullName,
          subject: month.runId ? `${name} is running` : `${name} is ready for approval`,
          paragraphs: [lead],
          action: { label: month.runId ? 'Follow the run' : 'Preview and run it', path },
        },
      });
  });
}

const lagosDate = (startsAt: Date) =>
  new Date(startsAt.getTime() + HOUR).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function schedulePayoutDay(app: FastifyInstance) {
  app.jobs.add({
    name: 'payout-day',
    everyMs: HOUR,
    run: (now) => preparePayoutDay(app, now, app.jobs.instance),
  });
}

/** Months the payout day prepared that no run has paid yet, for the payouts screen. */
export async function monthsWaitingForApproval({ db }: { db: Db }) {
  const rows = await queryRows<{
    programme: Programme;
    period: string;
    payee_count: number;
    total_kobo: string;
    prepared_at: string | Date;
  }>(
    db,
    sql`select s.programme, s.period, s.payee_count, s.total_kobo, s.prepared_at from payout_schedule s
        where s.payee_count > 0 and not exists (select 1 from payout_runs r where r.programme = s.programme and r.period = s.period)
        order by s.period desc, s.programme`,
  );
  return rows.map((r) => ({
    programme: r.programme,
    period: r.period,
    payees: Number(r.payee_count),
    total: toNairaString(Number(r.total_kobo)),
    preparedAt: new Date(r.prepared_at).toISOString(),
  }));
}
