import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-postgres';

let folder: string | undefined;
let template: ThrowawayDatabase | undefined;

/**
 * Migrates once per run what every suite's fresh database starts from: a PGlite data folder (loaded by each
 * in-memory PGlite) and, with TEST_DATABASE_URL, a PostgreSQL template database (copied by CREATE DATABASE).
 * Each suite still opens its database through openDatabase, whose migrator then finds every migration applied.
 */
export async function setup(project: TestProject) {
  folder = mkdtempSync(path.join(tmpdir(), 'coop-test-snapshot-'));
  const pglite = await openDatabase({ memory: true });
  try {
    const client = (pglite.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } })
      .$client;
    const snapshot = path.join(folder, 'pglite.tar');
    writeFileSync(snapshot, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    project.provide('pgliteSnapshot', snapshot);
  } finally {
    await pglite.close();
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    template = await createThrowawayDatabase(serverUrl, { prefix: 'test_template' });
    const migrated = await openDatabase({ databaseUrl: template.url });
    await migrated.close();
    project.provide('postgresTemplate', template.name);
  }
}

export async function teardown() {
  await template?.drop();
  if (folder) rmSync(folder, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (dumpDataDir, uncompressed tar). */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database to copy, on the TEST_DATABASE_URL server. */
    postgresTemplate: string;
  }
}
