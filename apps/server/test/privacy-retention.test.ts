import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createTestAccount } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';

const DAY = 86400_000;

describeEachDatabase('retention that runs by itself', (database) => {
  const ctx = useTestApp(database, { RETENTION_SIGNUP_ORIGIN_MONTHS: '12', RETENTION_MAIL_BODY_DAYS: '90' });

  it('the daily job deletes sign-up origins older than the setting and keeps newer ones, and logs its counts', async () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const origin = async (days: number) => {
      const account = await createTestAccount(ctx.app, {});
      await ctx.app.db.execute(
        sql`insert into signup_origins (account_id, ip, user_agent, created_at) values (${account.id}, '192.0.2.1', 'Test browser', ${ago(days)})`,
      );
      return account.id;
    };
    const old = [await origin(400), await origin(367)];
    const kept = [await origin(360), await origin(1)];

    // Mail bodies: one sent 91 days ago loses its body (the record stays), one sent 89 days ago keeps it.
    const mail = async (days: number) => {
      const [row] = await queryRows<{ id: string }>(
        ctx.app.db,
        sql`insert into mail_queue (to_address, template, subject, data, status, created_at, sent_at)
            values ('someone@example.com', 'notice', 'A notice', '{"name":"Someone"}'::jsonb, 'sent', ${ago(days)}, ${ago(days)}) returning id`,
      );
      return row!.id;
    };
    const oldMail = await mail(91);
    const newMail = await mail(89);
    // An expired session and its refresh token go at once; a live one stays.
    const member = await createTestAccount(ctx.app, {});
    const [expired] = await queryRows<{ id: string }>(
      ctx.app.db,
      sql`insert into sessions (account_id, expires_at) values (${member.id}, ${ago(1)}) returning id`,
    );
    await ctx.app.db.execute(
      sql`insert into refresh_tokens (token_hash, session_id) values ('retention-test-hash', ${expired!.id})`,
    );
    const [live] = await queryRows<{ id: string }>(
      ctx.app.db,
      sql`insert into sessions (account_id, expires_at) values (${member.id}, ${new Date(now.getTime() + DAY)}) returning id`,
    );

    const ran = await ctx.app.jobs.runDue(now);
    expect(ran).toContain('privacy-retention');
    expect(
      await queryRows(
        ctx.app.db,
        sql`select last_error from scheduled_jobs where name = 'privacy-retention'`,
      ),
    ).toEqual([{ last_error: null }]);

    const left = await queryRows<{ account_id: string }>(
      ctx.app.db,
      sql`select account_id from signup_origins`,
    );
    const ids = left.map((r) => r.account_id);
    for (const id of kept) expect(ids).toContain(id);
    for (const id of old) expect(ids).not.toContain(id);
    const mails = await queryRows<{ id: string; data: Record<string, unknown>; subject: string }>(
      ctx.app.db,
      sql`select id, data, subject from mail_queue where id in (${oldMail}, ${newMail}) order by id`,
    );
    expect(mails).toEqual([
      { id: oldMail, data: {}, subject: 'A notice' },
      { id: newMail, data: { name: 'Someone' }, subject: 'A notice' },
    ]);
    const sessions = await queryRows<{ id: string }>(
      ctx.app.db,
      sql`select id from sessions where account_id = ${member.id}`,
    );
    expect(sessions).toEqual([{ id: live!.id }]);
    expect(
      await queryRows(ctx.app.db, sql`select 1 from refresh_tokens where token_hash = 'retention-test-hash'`),
    ).toEqual([]);

    const [run] = await queryRows<{ counts: Record<string, number> }>(
      ctx.app.db,
      sql`select counts from retention_runs order by id desc limit 1`,
    );
    expect(run!.counts).toMatchObject({ signupOrigins: 2, mailBodies: 1, sessions: 1, refreshTokens: 1 });

    // The next day's run: no sign-up origin has passed 12 months since, the 89-day mail has now passed 90 days.
    await ctx.app.jobs.runDue(new Date(now.getTime() + DAY + 60_000));
    const [next] = await queryRows<{ counts: Record<string, number> }>(
      ctx.app.db,
      sql`select counts from retention_runs order by id desc limit 1`,
    );
    expect(next!.counts).toMatchObject({ signupOrigins: 0, mailBodies: 1 });
    expect((await queryRows(ctx.app.db, sql`select account_id from signup_origins`)).length).toBe(
      kept.length,
    );
  });
});
