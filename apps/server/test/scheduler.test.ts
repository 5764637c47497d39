import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { scheduledJobs } from '../src/db/schema';
import { testConfig } from './app';
import { describeEachDatabase } from './databases';

describeEachDatabase('scheduled jobs run on one instance at a time', (engine) => {
  let database: Database;
  const apps: App[] = [];
  const runs: string[] = [];

  beforeAll(async () => {
    database = await engine.open();
    for (const name of ['first', 'second']) {
      const app = await buildApp(testConfig(), { database });
      app.jobs.add({ name: 'test-counter', everyMs: 60_000, run: async () => void runs.push(name) });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  it('two instances reaching the same moment run the job once, then once per period', async () => {
    const start = new Date(Date.now() + 3600_000);
    const ran = await Promise.all(apps.map((app) => app.jobs.runDue(start)));
    expect(ran.filter((names) => names.includes('test-counter'))).toHaveLength(1);
    expect(runs).toHaveLength(1);

    // Within the period nobody runs it again; after it, exactly one does.
    await Promise.all(apps.map((app) => app.jobs.runDue(new Date(start.getTime() + 30_000))));
    expect(runs).toHaveLength(1);
    await Promise.all(apps.map((app) => app.jobs.runDue(new Date(start.getTime() + 61_000))));
    expect(runs).toHaveLength(2);

    const [row] = await database.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'test-counter'));
    expect(row?.runs).toBe(2);
    expect(row?.lastError).toBeNull();
  });

  it('a failing job is recorded and runs again next period', async () => {
    let attempts = 0;
    const app = apps[0]!;
    app.jobs.add({
      name: 'test-failing',
      everyMs: 60_000,
      run: async () => {
        attempts += 1;
        throw new Error('bank unreachable');
      },
    });
    const at = new Date(Date.now() + 7200_000);
    await app.jobs.runDue(at);
    const [row] = await database.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'test-failing'));
    expect(row?.lastError).toBe('bank unreachable');
    await app.jobs.runDue(new Date(at.getTime() + 61_000));
    expect(attempts).toBe(2);
  });
});
