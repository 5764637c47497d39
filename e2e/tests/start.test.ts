import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migratedDataDir } from '../support/data-dir';
import { removeDir, repoRoot, startPlatform } from '../support/server';

describe('npm start', () => {
  it('keeps its data across a stop and a start on the same DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-restart-'));
    try {
      const first = await startPlatform({}, { dataDir });
      expect(first.output()).toContain('Demo administrator created');
      expect(await first.stop()).toBe(0);
      const second = await startPlatform({}, { dataDir });
      // The administrator created by the first run is still there, so none is created again.
      expect(second.output()).not.toContain('Demo administrator created');
      const health = await (await fetch(`${second.url}/api/health`)).json();
      expect(health).toEqual({ status: 'ok', database: 'pglite' });
      expect(await second.stop()).toBe(0);
    } finally {
      removeDir(dataDir);
    }
  });

  it('refuses a second process on the same DATA_DIR with a clear message', async () => {
    const dataDir = migratedDataDir('coop-lock-');
    const first = await startPlatform({}, { dataDir });
    try {
      const second = await startPlatform({}, { dataDir, waitForHealth: false });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('is in use by process');
    } finally {
      await first.stop();
      removeDir(dataDir);
    }
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid environment variable PORT: /],
    [{ NODE_ENV: 'production' }, /^Missing environment variable DATABASE_URL in production/],
  ])('stops on a bad environment with one line naming the variable (%o)', (env, line) => {
    const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', ...env },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
  });
});
