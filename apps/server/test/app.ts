import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import type { TestDatabase } from './databases';
import { TEST_PASSWORD_HASH_COST } from './password-cost';

export function testConfig(env: Record<string, string> = {}): Config {
  // Suites of single acts run as a one-administrator deployment; approvals.test.ts turns the second administrator on.
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    SINGLE_ADMIN_APPROVAL: 'true',
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    ...env,
  });
}

/** Builds the real app on a fresh database for a suite; `ctx.app` is ready inside tests. */
export function useTestApp(database: TestDatabase, env: Record<string, string> = {}) {
  const ctx = {} as { app: App; database: Database };
  beforeAll(async () => {
    ctx.database = await database.open();
    ctx.app = await buildApp(testConfig(env), { database: ctx.database });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

/**
 * The platform for a moment on the database an owner's command (admin:create, admin:revoke) uses: the command opens
 * it itself and, on PGlite, needs it to itself, so the platform is closed when the work is done.
 */
export async function withAppOn<T>(env: Record<string, string>, work: (app: App) => Promise<T>): Promise<T> {
  const config = testConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, { database });
  try {
    return await work(app);
  } finally {
    await app.close();
    await database.close();
  }
}
