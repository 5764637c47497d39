import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { runAdminCreate } from '../src/cli/admin-create';
import { runAdminRevoke } from '../src/cli/admin-revoke';
import { queryRows } from '../src/db/rows';
import { withAppOn } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { createThrowawayDatabase } from './throwaway-postgres';

function capture() {
  const lines = { log: [] as string[], error: [] as string[] };
  return { lines, out: { log: (l: string) => lines.log.push(l), error: (l: string) => lines.error.push(l) } };
}

/** The platform on that database for a moment, with approvals on. */
const withApp = <T>(env: Record<string, string>, work: (app: App) => Promise<T>) =>
  withAppOn({ ...env, SINGLE_ADMIN_APPROVAL: 'false' }, work);

function suite(
  name: string,
  makeEnv: () => Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }>,
) {
  describe(`npm run admin:revoke [${name}]`, () => {
    let env: Record<string, string>;
    let cleanup = async () => {};
    afterAll(() => cleanup());

    // A new embedded database is migrated here, and the platform is started twice on it: slower than one suite's app.
    it(
      'the owner removes one of two administrators at once: closed, signed out, their waiting requests withdrawn, audited and mailed',
      { timeout: 180_000 },
      async () => {
        ({ env, cleanup } = await makeEnv());
        expect(
          await runAdminCreate(
            ['--email', 'owner@coop.ng', '--password', 'owner password', '--name', 'Owner Admin'],
            env,
            capture().out,
          ),
        ).toBe(0);
        const departing = await withApp(env, async (app) => {
          const account = await createTestAccount(app, {
            role: 'admin',
            email: 'leaving@coop.ng',
            fullName: 'Leaving Admin',
          });
          const headers = await signInAs(app, account.id);
          // A request of theirs waits: it must not outlive their role.
          const [owner] = await queryRows<{ email: string }>(
            app.db,
            sql`select email from accounts where email = 'owner@coop.ng'`,
          );
          const asked = await app.inject({
            method: 'DELETE',
            url: `/api/admin/adminRoles/${encodeURIComponent(owner!.email)}`,
            headers,
          });
          expect(asked.statusCode, asked.body).toBe(202);
          return { id: account.id, requestId: asked.json().approval.id as number };
        });

        const run = capture();
        expect(
          await runAdminRevoke(
            ['--email', 'Leaving@Coop.ng', '--reason', 'Left the company on Friday'],
            env,
            run.out,
          ),
        ).toBe(0);
        expect(run.lines.error).toEqual([]);
        expect(run.lines.log[0]).toBe(
          'Leaving Admin (leaving@coop.ng) is no longer an administrator: the account is closed, its sessions ended and its waiting requests withdrawn. Every administrator is mailed.',
        );

        await withApp(env, async (app) => {
          const [account] = await queryRows<{ role: string; status: string }>(
            app.db,
            sql`select role, status from accounts where id = ${departing.id}`,
          );
          expect(account).toEqual({ role: 'admin', status: 'closed' });
          expect(
            await queryRows(
              app.db,
              sql`select id from sessions where account_id = ${departing.id} and revoked_at is null`,
            ),
          ).toHaveLength(0);
          const [request] = await queryRows<{ status: string }>(
            app.db,
            sql`select status from approval_requests where id = ${departing.requestId}`,
          );
          expect(request!.status).toBe('declined');
          const [audit] = await queryRows<{
            actor_account_id: string | null;
            details: Record<string, unknown>;
          }>(
            app.db,
            sql`select actor_account_id, details from audit_log where action = 'admin_revoked' and target_account_id = ${departing.id}`,
          );
          expect(audit).toEqual({
            actor_account_id: null,
            details: {
              email: 'leaving@coop.ng',
              approvedBy: null,
              way: 'admin:revoke',
              reason: 'Left the company on Friday',
              withdrawnRequests: [departing.requestId],
            },
          });
          const mails = await queryRows<{ to_address: string; subject: string }>(
            app.db,
            sql`select to_address, subject from mail_queue where subject like '%no longer an administrator' order by to_address`,
          );
          expect(mails).toEqual([
            { to_address: 'leaving@coop.ng', subject: 'You are no longer an administrator' },
            { to_address: 'owner@coop.ng', subject: 'Leaving Admin is no longer an administrator' },
          ]);
          // Signing in is refused: the account is closed, and it is not a member account either.
          const login = await app.inject({
            method: 'POST',
            url: '/api/admin/adminLogin',
            payload: { email: 'leaving@coop.ng', password: 'a good password' },
          });
          expect(login.statusCode).toBe(403);
        });
      },
    );

    it('refuses the last administrator, an unknown email and bad arguments, changing nothing', async () => {
      const last = capture();
      expect(await runAdminRevoke(['--email', 'owner@coop.ng'], env, last.out)).toBe(1);
      expect(last.lines.error[0]).toBe(
        'This is the last administrator: another administrator must exist before this one is removed.',
      );
      const unknown = capture();
      expect(await runAdminRevoke(['--email', 'nobody@coop.ng'], env, unknown.out)).toBe(1);
      expect(unknown.lines.error[0]).toBe('nobody@coop.ng is not an administrator.');
      const bad = capture();
      expect(await runAdminRevoke(['--mail', 'x'], env, bad.out)).toBe(2);
      expect(bad.lines.error[0]).toContain(
        'Usage: npm run admin:revoke -- --email <email> [--reason "<why>"]',
      );
      // A closed account's email is not given the role back by admin:create either: the person uses a new address.
      const again = capture();
      expect(
        await runAdminCreate(['--email', 'leaving@coop.ng', '--password', 'new password'], env, again.out),
      ).toBe(1);
      expect(again.lines.error[0]).toMatch(/belongs to a closed account/);
      await withApp(env, async (app) => {
        const rows = await queryRows<{ status: string }>(
          app.db,
          sql`select status from accounts where email in ('owner@coop.ng', 'leaving@coop.ng') order by email`,
        );
        expect(rows.map((r) => r.status)).toEqual(['closed', 'active']);
      });
    });
  });
}

suite('pglite', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'coop-admin-revoke-'));
  return {
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  suite('postgres', async () => {
    const database = await createThrowawayDatabase(serverUrl);
    return {
      env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url },
      cleanup: database.drop,
    };
  });
}
