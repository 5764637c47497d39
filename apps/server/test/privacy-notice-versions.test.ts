import { PRIVACY_NOTICE_HISTORY, PRIVACY_NOTICE_VERSION } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';

describeEachDatabase(
  'a member who accepted an older privacy notice sees what changed and accepts the new one',
  (database) => {
    const ctx = useTestApp(database);

    it('answers the changes since the accepted version; accepting records the version and the date, audited', async () => {
      const older = PRIVACY_NOTICE_HISTORY[1]!.version;
      const member = await createTestAccount(ctx.app, { programme: 'welcomeback' });
      await ctx.app.db.execute(
        sql`update accounts set privacy_notice_version = ${older} where id = ${member.id}`,
      );
      const headers = await signInAs(ctx.app, member.id);
      const status = await ctx.app.inject({ method: 'GET', url: '/api/me/privacy-notice', headers });
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({
        acceptedVersion: older,
        currentVersion: PRIVACY_NOTICE_VERSION,
        changes: [{ version: PRIVACY_NOTICE_VERSION, changes: [...PRIVACY_NOTICE_HISTORY[0]!.changes] }],
      });
      expect(status.json().changes[0].changes[0]).toContain(
        'correct your name, phone, address and email yourself',
      );

      const stale = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/privacy-notice',
        headers,
        payload: { version: older },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(
        'The privacy notice changed again while you were reading it. Reload the page to see the newest changes.',
      );

      const accepted = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/privacy-notice',
        headers,
        payload: { version: PRIVACY_NOTICE_VERSION },
      });
      expect(accepted.statusCode).toBe(200);
      const [row] = await queryRows<{
        privacy_notice_version: string;
        privacy_notice_accepted_at: Date | string | null;
      }>(
        ctx.app.db,
        sql`select privacy_notice_version, privacy_notice_accepted_at from accounts where id = ${member.id}`,
      );
      expect(row!.privacy_notice_version).toBe(PRIVACY_NOTICE_VERSION);
      expect(row!.privacy_notice_accepted_at).not.toBeNull();
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/me/privacy-notice', headers })).json(),
      ).toMatchObject({ acceptedVersion: PRIVACY_NOTICE_VERSION, changes: [] });
      const [audit] = await queryRows<{ details: Record<string, unknown> }>(
        ctx.app.db,
        sql`select details from audit_log where action = 'privacy_notice_accepted' and target_account_id = ${member.id}`,
      );
      expect(audit!.details).toEqual({ version: PRIVACY_NOTICE_VERSION });
      const data = (await ctx.app.inject({ method: 'GET', url: '/api/me/data', headers })).json();
      expect(data.consents).toMatchObject({ privacyNoticeVersion: PRIVACY_NOTICE_VERSION });
      expect(data.consents.privacyNoticeAcceptedAt).not.toBeNull();
    });

    it('an account that never accepted a notice is shown every version', async () => {
      const member = await createTestAccount(ctx.app, {});
      const headers = await signInAs(ctx.app, member.id);
      const status = (await ctx.app.inject({ method: 'GET', url: '/api/me/privacy-notice', headers })).json();
      expect(status.acceptedVersion).toBeNull();
      expect(status.changes.map((c: { version: string }) => c.version)).toEqual(
        PRIVACY_NOTICE_HISTORY.map((v) => v.version),
      );
    });
  },
);
