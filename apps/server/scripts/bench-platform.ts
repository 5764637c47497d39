/**
 * What the HTTP benchmarks (`bench:api`, `bench:saturate`) share: the platform started as `npm start` starts it, on a
 * free loopback port, and access tokens minted for seeded accounts (a session row and a signed token, as sign-in makes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_PREFIX, SANDBOX_SECRET_KEY } from '../src/adapters/payments';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { sessions } from '../src/db/schema';
import { signAccessToken } from '../src/plugins/auth';
import type { SeededAccount } from './bench-seed';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** An access token for a seeded account, signed with the secret the platform under test is started with. */
export async function mintAccessToken(db: Db, jwtSecret: string, account: SeededAccount) {
  const config = { ...loadConfig({}), jwtSecret };
  const [session] = await db
    .insert(sessions)
    .values({ accountId: account.id, expiresAt: new Date(Date.now() + 24 * 3600_000) })
    .returning({ id: sessions.id });
  const signed = await signAccessToken(config, {
    accountId: account.id,
    programme: account.programme,
    role: account.role,
    tokenVersion: account.tokenVersion,
    sessionId: session!.id,
  });
  return signed.token;
}

/** With BENCH_PROFILE_DIR, each process the bench starts writes a CPU profile of each of its threads there. */
const profileFlags = () =>
  process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];

/**
 * The platform in production mode with the sandbox as its payment provider; `env` adds to or overrides its settings
 * (with a sandbox of its own process, startSandboxProcess, the provider is that sandbox as Paystack).
 */
export async function startPlatform(jwtSecret: string, env: Record<string, string>, port?: number) {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...profileFlags(), 'scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: url,
      JWT_SECRET: jwtSecret,
      // Production requires the key that seals administrators' two-factor secrets.
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      MAIL_TRANSPORT: 'outbox',
      PAYMENT_PROVIDER: 'sandbox',
      // Logins come from many addresses (X-Forwarded-For below), as they would behind a proxy.
      TRUST_PROXY: '1',
      // The bench's administrator has no second factor enrolled; with it optional, its session reads the admin figures.
      ADMIN_2FA: 'optional',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return answering(child, `${url}/api/health`, 'the platform', url);
}

/**
 * The payment sandbox in a process of its own (scripts/paystack-sandbox.ts), as Paystack is apart from the platform
 * in production; on the platform's PostgreSQL database, which the platform must have migrated. `webhookUrl` is the
 * platform's /api/webhooks/paystack. Answers the settings that make the platform talk to it as to Paystack.
 */
export async function startSandboxProcess(databaseUrl: string, webhookUrl: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...profileFlags(), '--import', 'tsx', 'apps/server/scripts/paystack-sandbox.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), WEBHOOK_URL: webhookUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const sandbox = await answering(child, `${url}${SANDBOX_PREFIX}/checkout/none`, 'the sandbox', url, true);
  return {
    ...sandbox,
    platformEnv: {
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: SANDBOX_SECRET_KEY,
      PAYSTACK_BASE_URL: `${url}${SANDBOX_PREFIX}`,
    },
  };
}

/** Waits up to 120 s for `probe` to answer (any answer when `anyStatus`, else a 2xx), then hands out a stop. */
async function answering(child: ChildProcess, probe: string, what: string, url: string, anyStatus = false) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited before it answered`);
    const ok = await fetch(probe)
      .then((r) => anyStatus || r.ok)
      .catch(() => false);
    if (ok)
      return {
        url,
        stop: () =>
          new Promise<void>((resolve) =>
            child.exitCode !== null
              ? resolve()
              : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
          ),
      };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${what} did not answer ${probe} within 120 s`);
}
