import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client';
import { CHECKER_ADMIN, DEMO_ADMIN, MAKER_ADMIN, OPERATOR_ADMIN, PAYOUT_ADMIN } from './support/admins';
import type { TestProject } from 'vitest/node';
import {
  copyDataDir,
  createAdministrators,
  removeDir,
  repoRoot,
  startPlatform,
  type RunningServer,
} from './support/server';

let server: RunningServer | undefined;
let lockDir: string | undefined;
let migratedDir: string | undefined;

/** A command's run to its end, failing with its output. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.slice(0, 3).join(' ')} failed:\n${output}`)),
    );
  });
}

/** Builds the client once and serves the real platform on a random port for every browser test. */
export async function setup(project: TestProject) {
  // The client's build and the administrators' creation at once.
  const build = run('npm', ['run', 'build', '-w', '@coop/web']);
  // An embedded database with every migration applied, which each platform of a test's own starts from (a copy:
  // support/data-dir.ts); the shared platform's copy gets its administrators, as an operator makes them before the
  // first start (acts above the approval rules need a second one).
  const migrated = mkdtempSync(path.join(tmpdir(), 'coop-e2e-migrated-'));
  let dataDir = '';
  const admins = (async () => {
    await (await openDatabase({ dataDir: migrated })).close();
    dataDir = copyDataDir(migrated, 'coop-e2e-');
    // What npm run admin:create runs, in this process: five processes, each loading the server's code and the
    // embedded database, made one browser file's run 30.8 s against 20.2 s (44 s of CPU against 28 s).
    await createAdministrators(dataDir, [
      DEMO_ADMIN,
      CHECKER_ADMIN,
      MAKER_ADMIN,
      OPERATOR_ADMIN,
      PAYOUT_ADMIN,
    ]);
  })();
  await Promise.all([build, admins]);
  // Behind a proxy, as in production: each test browser sends its person's own address (support/browser.ts).
  server = await startPlatform({ DEMO_ADMIN_PASSWORD: DEMO_ADMIN.password, TRUST_PROXY: '1' }, { dataDir });
  project.provide('baseURL', server.url);
  migratedDir = migrated;
  project.provide('migratedDataDir', migrated);
  lockDir = mkdtempSync(path.join(tmpdir(), 'coop-e2e-lock-'));
  project.provide('e2eLockDir', lockDir);
}

export async function teardown() {
  if (lockDir) removeDir(lockDir);
  if (migratedDir) removeDir(migratedDir);
  if (!server) return;
  await server.stop();
  removeDir(server.dataDir);
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A data folder whose embedded database has every migration applied and nothing else (support/data-dir.ts). */
    migratedDataDir: string;
    /** Where the browser test file that runs holds its lock (one-at-a-time.ts). */
    e2eLockDir: string;
  }
}
