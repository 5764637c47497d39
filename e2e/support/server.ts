import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAdminCreate } from '../../apps/server/src/cli/admin-create';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { enrolSecondFactorByEmail } from '../../apps/server/test/accounts-kit';
import { TEST_PASSWORD_HASH_COST } from '../../apps/server/test/password-cost';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code when the process ends by itself. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
  /** Stops it and removes its data folder: the end of a platform a test file started for itself. */
  discard(): Promise<void>;
}

/** Starts the real platform (scripts/start.mjs) as a child process, the way `npm start` does. */
export async function startPlatform(
  env: Record<string, string> = {},
  options: { dataDir?: string; waitForHealth?: boolean; port?: number } = {},
): Promise<RunningServer> {
  // A given port: the same instance started again behind a proxy that knows it by its port.
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'coop-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: '',
      PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const running: RunningServer = {
    url,
    dataDir,
    process: child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async discard() {
      await running.stop();
      removeDir(dataDir);
    },
  };
  if (options.waitForHealth === false) return running;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The platform exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return running;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await running.stop();
  throw new Error(`The platform did not answer /api/health within 90 s:\n${output}`);
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A new data folder holding a copy of `migrated`, an embedded database with every migration applied and nothing
 * else (global-setup.ts makes it once): a platform of a test's own starts on it as on a database it migrated
 * itself, without paying 7 s of CPU to create and migrate one. start.test.ts keeps the empty folder of a first start.
 */
export function copyDataDir(migrated: string, prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(migrated, dataDir, { recursive: true });
  return dataDir;
}

/** What `npm run admin:create` does, in this process, for each administrator, on the embedded database in dataDir. */
export async function createAdministrators(
  dataDir: string,
  admins: Array<{ email: string; password: string; name: string; totpSecret?: string }>,
) {
  for (const admin of admins) {
    const errors: string[] = [];
    const code = await runAdminCreate(
      ['--email', admin.email, '--password', admin.password, '--name', admin.name],
      { NODE_ENV: 'test', PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST, DATA_DIR: dataDir },
      { log: () => {}, error: (line) => errors.push(line) },
    );
    if (code !== 0) throw new Error(`admin:create ${admin.email} failed (${code}): ${errors.join('\n')}`);
  }
  // An approval counts only from an administrator with a second factor (decision 0038): those who approve set it up
  // before the first start, as the page would leave it (a secret sealed under the platform's development key, confirmed).
  const enrolling = admins.filter((admin) => admin.totpSecret);
  if (enrolling.length === 0) return;
  const keys = loadConfig({ NODE_ENV: 'test' }).totpKeys;
  const database = await openDatabase({ dataDir });
  try {
    for (const admin of enrolling)
      await enrolSecondFactorByEmail(database.db, keys, admin.email, admin.totpSecret!);
  } finally {
    await database.close();
  }
}

/** A TypeScript script of the repository run as `npx tsx` runs it, without npx's own start, failing with its output. */
export function runTypeScript(args: string[], env: Record<string, string>) {
  const done = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (done.status !== 0)
    throw new Error(
      `tsx ${args
        .filter((arg) => !arg.startsWith('-'))
        .slice(0, 1)
        .join('')} failed:\n${done.stdout}\n${done.stderr}`,
    );
}
