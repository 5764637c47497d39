import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { removeDir, repoRoot, startPlatform, type RunningServer } from './support/server';

let server: RunningServer | undefined;

/** Builds the client once and serves the real platform on a random port for every browser test. */
export async function setup(project: TestProject) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@coop/web'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`The web build failed:\n${build.stdout}\n${build.stderr}`);
  // Behind a proxy, as in production: each test browser sends its person's own address (support/browser.ts).
  server = await startPlatform({ DEMO_ADMIN_PASSWORD: 'demo-admin-password', TRUST_PROXY: '1' });
  project.provide('baseURL', server.url);
}

export async function teardown() {
  if (!server) return;
  await server.stop();
  removeDir(server.dataDir);
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
