import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { countAffected, isoOrNull as iso, mentioning, type PersonalDataPart } from '../../lib/personal-data';

type When = string | Date | null;

/**
 * The member's notifications, queued mails (subjects and dates: bodies carry single-use links) and the mails they
 * turned off. On erasure the member's own go; other members' texts that name them as a referral say "a former
 * member". Mail bodies are emptied after RETENTION_MAIL_BODY_DAYS (the record that a mail was sent stays).
 */
export const notificationsPersonalData: PersonalDataPart = {
  owner: 'notifications',
  async export(tx, { accountId, shorten }) {
    const notifications = await queryRows<{
      kind: string;
      title: string;
      body: string;
      link: string;
      created_at: When;
      read_at: When;
    }>(
      tx,
      sql`select kind, title, body, link, created_at, read_at from notifications where account_id = ${accountId} order by id`,
    );
    const mails = await queryRows<{
      template: string;
      subject: string;
      status: string;
      created_at: When;
      sent_at: When;
    }>(
      tx,
      sql`select template, subject, status, created_at, sent_at from mail_queue where account_id = ${accountId} order by id`,
    );
    const optOuts = await queryRows<{ category: string; created_at: When }>(
      tx,
      sql`select category, created_at from mail_opt_outs where account_id = ${accountId}`,
    );
    return {
      notifications: notifications.map((n) => ({
        kind: n.kind,
        title: shorten(n.title),
        body: shorten(n.body),
        link: n.link,
        at: iso(n.created_at),
        readAt: iso(n.read_at),
      })),
      mails: mails.map((m) => ({
        template: m.template,
        subject: shorten(m.subject),
        status: m.status,
        queuedAt: iso(m.created_at),
        sentAt: iso(m.sent_at),
      })),
      consents: { mailsTurnedOff: optOuts.map((o) => ({ category: o.category, at: iso(o.created_at) })) },
    };
  },
  async historyRows(tx, accountId) {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`select ((select count(*) from notifications where account_id = ${accountId})
                + (select count(*) from mail_queue where account_id = ${accountId}))::int as n`,
    );
    return row!.n;
  },
  async erase(tx, member) {
    const { accountId, email, fullName } = member;
    const byName = `%${fullName}%`;
    await tx.execute(sql`update notifications set title = ${mentioning(member, 'title')}, body = ${mentioning(member, 'body')}
    where account_id <> ${accountId} and (title like ${byName} or body like ${byName})`);
    await tx.execute(sql`update mail_queue set data = ${mentioning(member, 'data', true)}
    where (account_id is null or account_id <> ${accountId}) and to_address <> ${email} and data::text like ${byName}`);
    await tx.execute(sql`update mail_queue set to_address = '', subject = '', data = '{}'::jsonb, last_error = null
    where account_id = ${accountId} or to_address = ${email}`);
    await tx.execute(sql`delete from notifications where account_id = ${accountId}`);
    await tx.execute(sql`delete from mail_opt_outs where account_id = ${accountId}`);
  },
  async retain(tx, { now, rules }) {
    const before = new Date(now.getTime() - rules.mailBodyDays * 86400_000);
    const mailBodies = await countAffected(
      tx,
      sql`update mail_queue set data = '{}'::jsonb where status in ('sent', 'failed') and created_at < ${before} and data <> '{}'::jsonb`,
    );
    return { mailBodies };
  },
};
