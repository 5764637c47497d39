import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runAdminCreate } from '../apps/server/src/cli/admin-create';
import { TEST_PASSWORD_HASH_COST } from '../apps/server/test/password-cost';
import { CHECKER_ADMIN, DEMO_ADMIN, MAKER_ADMIN, OPERATOR_ADMIN, PAYOUT_ADMIN } from './support/admins';
import type { TestProject } from 'vitest/node';
import { removeDir, repoRoot, startPlatform, type RunningServer } from './support/server';

let server: RunningServer | undefined;
let lockDir: string | undefined;

/** A command's run to its end, failing with its output. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.slice(0, 3).join(' ')} failed:\n${output}`))));
  });
}

/** Builds the client once and serves the real platform on a random port for every browser test. */
export async function setup(project: TestProject) {
  // The client's build and the administrators' creation at once.
  const build = run('npm', ['run', 'build', '-w', '@coop/web']);
  // Two administrators before the first start, as an operator makes them: acts above the approval rules need a second one.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-e2e-'));
  const admins = (async () => {
    for (const admin of [DEMO_ADMIN, CHECKER_ADMIN, MAKER_ADMIN, OPERATOR_ADMIN, PAYOUT_ADMIN]) {
      // What npm run admin:create runs, in this process: five processes, each loading the server's code and the
      // embedded database, made one browser file's run 30.8 s against 20.2 s (44 s of CPU against 28 s).
      const errors: string[] = [];
      const code = await runAdminCreate(
        ['--email', admin.email, '--password', admin.password, '--name', admin.name],
        { NODE_ENV: 'test', PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST, DATA_DIR: dataDir },
        { log: () => {}, error: (line) => errors.push(line) },
      );
      if (code !== 0) throw new Error(`admin:create ${admin.email} failed (${code}): ${errors.join('\n')}`);
    }
  })();
  await Promise.all([build, admins]);
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
