import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { mailsTo, tokenOf, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';

const DAY = 86_400_000;

describeEachDatabase(
  'a large My Data download is built by the job runner and mailed as a link that expires',
  (database) => {
    // Above 5 rows of history (wallet lines, payments, notifications, mails) the download is mailed.
    const ctx = useTestApp(database, { MY_DATA_MAILED_ABOVE_ROWS: '5', MY_DATA_LINK_DAYS: '7' });

    const notifications = (accountId: string, n: number) =>
      ctx.app.db.execute(sql`insert into notifications (account_id, kind, title, body, link)
      select ${accountId}, 'payment_received', 'Payment ' || i, 'Body ' || i, '/maindashboard' from generate_series(1, ${n}) as i`);

    it('a short history downloads at once; a long one answers 202, is built by the job and mailed; the link works 7 days for that member only', async () => {
      const small = await createTestAccount(ctx.app, { fullName: 'Short History' });
      await notifications(small.id, 3);
      const smallRes = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/data/download',
        headers: await signInAs(ctx.app, small.id),
      });
      expect(smallRes.statusCode).toBe(200);
      expect(smallRes.headers['content-type']).toBe('application/zip');

      const member = await createTestAccount(ctx.app, {
        fullName: 'Long History',
        email: uniqueEmail('long'),
      });
      await notifications(member.id, 40);
      const headers = await signInAs(ctx.app, member.id);
      const asked = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/data/download?programme=main',
        headers,
      });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json().message).toBe(
        'Your history is long, so your download is prepared in the background. We will mail you a link to it within a few minutes; the link works for 7 days.',
      );
      const again = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/data/download?programme=main',
        headers,
      });
      expect(again.json().message).toBe(
        'Your download is already being prepared. We will mail you a link to it shortly.',
      );
      const [waiting] = await queryRows<{ n: number }>(
        ctx.app.db,
        sql`select count(*)::int as n from data_exports where account_id = ${member.id}`,
      );
      expect(waiting!.n).toBe(1);
      const [open] = await queryRows<{ status: string }>(
        ctx.app.db,
        sql`select status from privacy_requests where account_id = ${member.id} and kind = 'portability'`,
      );
      expect(open!.status).toBe('in_progress');

      const now = new Date();
      expect(await ctx.app.jobs.runDue(now)).toContain('privacy-data-exports');
      const [mail] = await mailsTo(ctx.app, member.email);
      expect(mail!.subject).toBe('Your data from the Main platform is ready to download');
      const expiresOn = new Date(now.getTime() + 7 * DAY).toUTCString().slice(0, 16);
      expect(mail!.text).toContain(`The link works until ${expiresOn}, for you only`);
      const link = mail!.links.find((l) => l.includes('/api/data-exports?token='))!;
      const token = tokenOf(link);

      const got = await ctx.app.inject({
        method: 'GET',
        url: `/api/data-exports?token=${encodeURIComponent(token)}`,
      });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-disposition']).toMatch(
        /^attachment; filename="my-data-main-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      const files = unzipSync(new Uint8Array(got.rawPayload));
      const json = JSON.parse(strFromU8(files['my-data.json']!));
      expect(json.profile).toMatchObject({ fullName: 'Long History', email: member.email });
      expect(json.notifications).toHaveLength(40);
      expect(strFromU8(files['my-data.json']!)).not.toContain('Short History');
      const [answered] = await queryRows<{ status: string; answer: string }>(
        ctx.app.db,
        sql`select status, answer from privacy_requests where account_id = ${member.id} and kind = 'portability'`,
      );
      expect(answered).toEqual({
        status: 'answered',
        answer: `Built and mailed as a link that works until ${expiresOn}.`,
      });
      const [audited] = await queryRows<{ n: number }>(
        ctx.app.db,
        sql`select count(*)::int as n from audit_log where action in ('personal_data_export_mailed', 'personal_data_downloaded_by_link') and target_account_id = ${member.id}`,
      );
      expect(audited!.n).toBe(2);

      // A wrong token, or the right one once the link has expired, gets a clear refusal; the retention job deletes it.
      const wrong = await ctx.app.inject({ method: 'GET', url: `/api/data-exports?token=${'x'.repeat(43)}` });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().message).toBe(
        'This link is not valid or has expired. Ask for your data again from My Data in your account.',
      );
      await ctx.app.db.execute(
        sql`update data_exports set expires_at = ${new Date(now.getTime() - 1000)} where account_id = ${member.id}`,
      );
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/data-exports?token=${encodeURIComponent(token)}` }))
          .statusCode,
      ).toBe(404);
      await ctx.app.jobs.runDue(new Date(now.getTime() + 2 * DAY));
      const [left] = await queryRows<{ n: number }>(
        ctx.app.db,
        sql`select count(*)::int as n from data_exports where account_id = ${member.id}`,
      );
      expect(left!.n).toBe(0);
    });
  },
);
