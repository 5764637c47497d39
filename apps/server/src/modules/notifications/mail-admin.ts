import { DomainError } from '@coop/core';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailQueue } from '../../db/schema';
import { recordAudit } from '../audit/record-audit';
import { MAIL_CHANNEL } from './mail-queue';

type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

const view = (r: typeof mailQueue.$inferSelect) => ({
  id: r.id,
  to: r.toAddress,
  template: r.template,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  nextAttemptAt: r.nextAttemptAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

/** The queue for administrators, by status (failed mails first of all), newest first. */
export async function listQueuedMails(db: Db, status: MailStatus, page: number, pageSize: number) {
  const rows = await db
    .select()
    .from(mailQueue)
    .where(eq(mailQueue.status, status))
    .orderBy(desc(mailQueue.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(mailQueue).where(eq(mailQueue.status, status));
  return { page, pageSize, total: total?.n ?? 0, items: rows.map(view) };
}

/** Puts a failed mail back in the queue for a fresh round of attempts; audited, and the workers are woken. */
export async function retryMail(db: Db, adminId: string, mailId: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(mailQueue).where(eq(mailQueue.id, mailId)).for('update');
    if (!row) throw new DomainError('mail_not_found', 'There is no such mail.');
    if (row.status !== 'failed')
      throw new DomainError(
        'mail_not_failed',
        `This mail is ${row.status}, not failed: there is nothing to retry.`,
      );
    const [updated] = await tx
      .update(mailQueue)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date(), claimedBy: null })
      .where(eq(mailQueue.id, mailId))
      .returning();
    await recordAudit(tx, {
      actorAccountId: adminId,
      action: 'mail_retry',
      targetAccountId: row.accountId,
      details: { mailId, template: row.template, lastError: row.lastError },
    });
    await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
    return view(updated!);
  });
}
