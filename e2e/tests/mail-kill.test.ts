import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../apps/server/test/smtp-kit';
import { createThrowawayDatabase } from '../../apps/server/test/throwaway-postgres';
import { migratedDataDir } from '../support/data-dir';
import { freePort, repoRoot } from '../support/server';

const serverEntry = fileURLToPath(new URL('../../apps/server/src/server.ts', import.meta.url));

/** The test's SMTP server (apps/server/test/smtp-kit.ts), for the describe block it is called in. */
function useSmtpServer() {
  const ctx = {} as TestSmtpServer;
  beforeAll(async () => Object.assign(ctx, await startSmtpServer()));
  afterAll(() => ctx.close());
  return ctx;
}

/** Every platform process a test started, so a failing test leaves none behind. */
const children = new Set<ChildProcess>();

/** The platform as `npm start` runs it, in its own process, so it can be killed without warning. */
async function startPlatform(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JOBS_ENABLED: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the platform exited: ${stderr}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, url };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the platform did not start: ${stderr}`);
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
}

/** One database per engine: a PGlite folder, and a throwaway PostgreSQL database when TEST_DATABASE_URL is set. */
function databases() {
  const list: { name: string; open(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> }[] = [
    {
      name: 'pglite',
      async open() {
        const dir = migratedDataDir('coop-kill-');
        return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
  ];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    list.push({
      name: 'postgres',
      async open() {
        // Empty: the platform migrates it when it starts, as in production.
        const database = await createThrowawayDatabase(serverUrl);
        return { env: { DATABASE_URL: database.url }, drop: database.drop };
      },
    });
  }
  return list;
}

for (const database of databases()) {
  describe(`a platform killed between an event and its mail [${database.name}]`, () => {
    const smtp = useSmtpServer();

    afterAll(() => {
      for (const child of children) child.kill('SIGKILL');
    });

    it('sends the queued mail once after a restart', { timeout: 300_000 }, async () => {
      const db = await database.open();
      const env = {
        ...db.env,
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_POLL_MS: '500',
      };
      const email = `kill-${randomBytes(4).toString('hex')}@example.com`;
      const sentTo = () => smtp.received.filter((m) => m.to.includes(email));
      try {
        // First life: the worker is off, so the sign-up's mail can only be in the queue when the process dies.
        const first = await startPlatform({ ...env, MAIL_WORKER: 'off' });
        const signup = await fetch(`${first.url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            fullName: 'Kemi Killed',
            email,
            phone: '08031234567',
            address: '2 Broad Street, Lagos',
            password: 'a good password',
            confirmPassword: 'a good password',
            acceptTerms: true,
          }),
        });
        expect(signup.status).toBe(201);
        await killed(first.child);
        expect(sentTo()).toHaveLength(0);

        // Second life: the worker finds the mail in the queue and sends it.
        const second = await startPlatform(env);
        await until(() => sentTo().length > 0, 30_000);
        expect(sentTo()).toHaveLength(1);
        expect(sentTo()[0]!.raw).toContain('Subject: Confirm your email address');
        // Killed again and restarted: what was sent stays sent.
        await killed(second.child);
        const third = await startPlatform(env);
        await new Promise((r) => setTimeout(r, 2_000));
        await killed(third.child);
        expect(sentTo()).toHaveLength(1);
      } finally {
        await db.drop();
      }
    });
  });
}
