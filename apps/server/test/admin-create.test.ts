import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCreate } from '../src/cli/admin-create';
import { openDatabase } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { withAppOn } from './app';
import { createTestAccount } from './accounts-kit';
import { createThrowawayDatabase } from './throwaway-postgres';

const serverDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function capture() {
  const lines = { log: [] as string[], error: [] as string[] };
  return { lines, out: { log: (l: string) => lines.log.push(l), error: (l: string) => lines.error.push(l) } };
}

/** Signs in at the admin login of an app on that database: proves the account and password really work. */
async function adminLogin(env: Record<string, string>, email: string, password: string) {
  return withAppOn(env, async (app) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/adminLogin',
      payload: { email, password },
    });
    const audit = await queryRows<{
      action: string;
      actor_account_id: string | null;
      details: Record<string, unknown>;
    }>(
      app.db,
      sql`select l.action, l.actor_account_id, l.details from audit_log l join accounts a on a.id = l.target_account_id where a.email = ${email} order by l.id`,
    );
    return { status: res.statusCode, roles: res.statusCode === 200 ? res.json().user.roles : null, audit };
  });
}

function suite(
  name: string,
  makeEnv: () => Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }>,
) {
  describe(`npm run admin:create [${name}]`, () => {
    let env: Record<string, string>;
    let cleanup = async () => {};
    afterAll(() => cleanup());

    it('creates an administrator who can sign in, then replaces a lost password', async () => {
      ({ env, cleanup } = await makeEnv());
      // A new administrator without a name is refused, and nothing is created: screens tell maker and checker apart by it.
      const unnamed = capture();
      expect(
        await runAdminCreate(['--email', 'Owner@Coop.ng', '--password', 'first password'], env, unnamed.out),
      ).toBe(1);
      expect(unnamed.lines.error[0]).toBe(
        "owner@coop.ng has no account yet: give the administrator's full name with --name, as screens name them by it.",
      );
      expect((await adminLogin(env, 'owner@coop.ng', 'first password')).status).toBe(401);
      const first = capture();
      expect(
        await runAdminCreate(
          ['--email', 'Owner@Coop.ng', '--password', 'first password', '--name', 'Ola Owner'],
          env,
          first.out,
        ),
      ).toBe(0);
      expect(first.lines.log[0]).toMatch(/^Created the administrator owner@coop\.ng/);
      expect(first.lines.error).toEqual([]);
      const signedIn = await adminLogin(env, 'owner@coop.ng', 'first password');
      expect(signedIn.status).toBe(200);
      expect(signedIn.roles).toBe('admin');
      expect(signedIn.audit[0]).toMatchObject({
        action: 'create_admin',
        actor_account_id: null,
        details: { via: 'admin:create' },
      });

      const second = capture();
      expect(
        await runAdminCreate(['--email', 'owner@coop.ng', '--password', 'second password'], env, second.out),
      ).toBe(0);
      expect(second.lines.log[0]).toMatch(/already an administrator: its password is replaced/);
      expect((await adminLogin(env, 'owner@coop.ng', 'first password')).status).toBe(401);
      expect((await adminLogin(env, 'owner@coop.ng', 'second password')).status).toBe(200);
    });

    it('makes an existing Main member an administrator', async () => {
      const member = await withAppOn(env, (app) =>
        createTestAccount(app, { email: 'member@coop.ng', password: 'member password' }),
      );
      const run = capture();
      expect(
        await runAdminCreate(['--email', member.email, '--password', 'admin password'], env, run.out),
      ).toBe(0);
      expect(run.lines.log[0]).toMatch(/already had a Main platform account: it is now an administrator/);
      const result = await adminLogin(env, member.email, 'admin password');
      expect(result.roles).toBe('admin');
      // The sign-in itself is audited after it (an administrator's sign-ins are in the audit log).
      expect(result.audit.filter((row) => row.action !== 'admin_sign_in').at(-1)).toMatchObject({
        action: 'make_admin',
        details: { passwordReplaced: true },
      });
      expect(result.audit.at(-1)).toMatchObject({ action: 'admin_sign_in' });
    });

    it('refuses bad arguments with the usage line', async () => {
      const cases: Array<[string[], RegExp]> = [
        [[], /Give the administrator email with --email/],
        [['--email', 'nope', '--password', 'long enough'], /--email is not a valid email address/],
        [['--email', 'a@b.ng', '--password', 'short'], /Enter a password with 8-64 characters/],
        [['--email', 'a@b.ng', '--password', 'long enough', '--role', 'x'], /Unknown option '--role'/],
      ];
      for (const [argv, message] of cases) {
        const run = capture();
        expect(await runAdminCreate(argv, env, run.out)).toBe(2);
        expect(run.lines.error[0]).toMatch(message);
        expect(run.lines.error[0]).toContain(
          'Usage: npm run admin:create -- --email <email> --password <password>',
        );
      }
    });
  });
}

suite('pglite', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'coop-admin-create-'));
  return {
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  suite('postgres', async () => {
    // Empty: admin:create migrates it, as on a new deployment.
    const database = await createThrowawayDatabase(serverUrl);
    return {
      env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url },
      cleanup: database.drop,
    };
  });
}

describe('npm run admin:create while the platform holds the embedded database', () => {
  it('says plainly that the database is in use and changes nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'coop-admin-busy-'));
    const running = await openDatabase({ dataDir: dir });
    try {
      const child = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'src/cli/admin-create.ts',
          '--email',
          'late@coop.ng',
          '--password',
          'long enough',
        ],
        {
          cwd: serverDir,
          env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: '' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(child.status).toBe(1);
      expect(child.stderr).toContain(`The embedded database in ${dir} is in use by process ${process.pid}`);
      expect(child.stderr).toContain('The platform is probably running: stop it, run this command again');
      const rows = await queryRows(running.db, sql`select id from accounts where email = 'late@coop.ng'`);
      expect(rows).toHaveLength(0);
    } finally {
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
