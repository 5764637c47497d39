import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { recordAudit } from '../audit/record-audit';
import { enqueueMail } from '../notifications/mail-queue';
import { memberDataZip } from './data-archive';
import { memberData } from './member-data';
import { personalDataParts } from './personal-data-parts';
import { answerPlatformRequests, enterPlatformRequest } from './request-register';

const DAY = 86_400_000;

/** The rows a download would hold that grow with time (wallet lines, payments, notifications and mails), by their owners. */
export async function historySize(db: Tx, accountId: string): Promise<number> {
  let rows = 0;
  for (const part of personalDataParts) rows += (await part.historyRows?.(db, accountId)) ?? 0;
  return rows;
}

/**
 * Asks for a large download (decision 0030): entered in the register and left for the job runner. A request already
 * waiting is not doubled; the answer says so either way.
 */
export async function askLargeExport(tx: Tx, accountId: string) {
  const [waiting] = await queryRows<{ id: number }>(
    tx,
    sql`select id from data_exports where account_id = ${accountId} and built_at is null for update`,
  );
  if (waiting) return { alreadyWaiting: true };
  const requestId = await enterPlatformRequest(tx, {
    accountId,
    kind: 'portability',
    details: 'My Data download (large history: built in the background, mailed as a link)',
    status: 'in_progress',
  });
  await tx.execute(
    sql`insert into data_exports (account_id, request_id) values (${accountId}, ${requestId})`,
  );
  return { alreadyWaiting: false };
}

/**
 * Builds the waiting downloads one at a time: the zip is kept with the hash of a new token, and the member is mailed
 * the link (through the mail queue) that works `linkDays` days, for this one export only. A crash halfway leaves the
 * row waiting for the next run.
 */
export async function buildWaitingExports(deps: { db: Db; config: Pick<Config, 'dataExport'> }, now: Date) {
  const waiting = await queryRows<{ id: number; account_id: string; request_id: number | null }>(
    deps.db,
    sql`select id, account_id, request_id from data_exports where built_at is null order by requested_at limit 20`,
  );
  for (const job of waiting) {
    const data = await memberData(deps.db, job.account_id, now);
    if (!data) continue;
    const archive = await memberDataZip(data);
    const { token, hash } = newSecretToken();
    const expiresAt = new Date(now.getTime() + deps.config.dataExport.linkDays * DAY);
    const filename = `my-data-${data.profile.programme}-${data.generatedAt.slice(0, 10)}.zip`;
    await deps.db.transaction(async (tx) => {
      const [built] = await queryRows<{ id: number }>(
        tx,
        sql`update data_exports set built_at = ${now}, archive = ${archive}, filename = ${filename}, token_hash = ${hash}, expires_at = ${expiresAt}
            where id = ${job.id} and built_at is null returning id`,
      );
      if (!built) return; // Another instance built it meanwhile.
      const expiresOn = expiresAt.toUTCString().slice(0, 16);
      await enqueueMail(
        tx,
        data.profile.email,
        {
          template: 'data_export_ready',
          data: {
            name: data.profile.fullName,
            programme: data.profile.programme as Programme,
            token,
            expiresOn,
          },
        },
        job.account_id,
      );
      if (job.request_id)
        await answerPlatformRequests(
          tx,
          { id: Number(job.request_id) },
          `Built and mailed as a link that works until ${expiresOn}.`,
        );
      await recordAudit(tx, {
        actorAccountId: null,
        action: 'personal_data_export_mailed',
        targetAccountId: job.account_id,
        details: { exportId: Number(job.id), expiresAt: expiresAt.toISOString() },
      });
    });
  }
  return waiting.length;
}

/** The mailed link: the zip while the link works; each use is audited. */
export async function exportByToken(db: Db, token: string, now: Date) {
  const [row] = await queryRows<{ id: number; account_id: string; archive: Uint8Array; filename: string }>(
    db,
    sql`select id, account_id, archive, filename from data_exports where token_hash = ${hashSecretToken(token)} and expires_at > ${now} and archive is not null`,
  );
  if (!row) return null;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update data_exports set downloads = downloads + 1 where id = ${row.id}`);
    await recordAudit(tx, {
      actorAccountId: row.account_id,
      action: 'personal_data_downloaded_by_link',
      targetAccountId: row.account_id,
      details: { exportId: Number(row.id) },
    });
  });
  return { archive: Buffer.from(row.archive), filename: row.filename };
}

/** Every minute, on one instance: the large downloads asked for since. */
export function scheduleLargeExports(app: FastifyInstance) {
  app.jobs.add({
    name: 'privacy-data-exports',
    everyMs: 60_000,
    run: (now) => buildWaitingExports(app, now),
  });
}
