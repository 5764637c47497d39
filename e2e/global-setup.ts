import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHECKER_ADMIN, DEMO_ADMIN, MAKER_ADMIN, OPERATOR_ADMIN, PAYOUT_ADMIN } from './support/admins';
import type { TestProject } from 'vitest/node';
import { removeDir, repoRoot, startPlatform, type RunningServer } from './support/server';

let server: RunningServer | undefined;
let lockDir: string | undefined;

/** Builds the client once and serves the real platform on a random port for every browser test. */
export async function setup(project: TestProject) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@coop/web'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`The web build failed:\n${build.stdout}\n${build.stderr}`);
  // Two administrators before the first start, as an operator makes them: acts above the approval rules need a second one.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-e2e-'));
  for (const admin of [DEMO_ADMIN, CHECKER_ADMIN, MAKER_ADMIN, OPERATOR_ADMIN, PAYOUT_ADMIN]) {
    const made = spawnSync('npm', ['run', 'admin:create', '--', '--email', admin.email, '--password', admin.password, '--name', admin.name], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    if (made.status !== 0) throw new Error(`admin:create failed:\n${made.stdout}\n${made.stderr}`);
  }
  // Behind a proxy, as in production: each test browser sends its person's own address (support/browser.ts).
  server = await startPlatform({ DEMO_ADMIN_PASSWORD: DEMO_ADMIN.password, TRUST_PROXY: '1' }, { dataDir });
  project.provide('baseURL', server.url);
  lockDir = mkdtempSync(path.join(tmpdir(), 'coop-e2e-lock-'));
  project.provide('e2eLockDir', lockDir);
}

export async function teardown() {
  if (lockDir) removeDir(lockDir);
  if (!server) return;
  await server.stop();
  removeDir(server.dataDir);
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Where the browser test file that runs holds its lock (one-at-a-time.ts). */
    e2eLockDir: string;
  }
}
