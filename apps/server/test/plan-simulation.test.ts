import { exampleSimulationInputs, getPlan, simulatePlan, type Plan } from '@coop/core';
import type { SimulationJob } from '@coop/core/contracts';
import { beforeAll, expect, it } from 'vitest';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';

const current = getPlan('main');
const draft: Plan = { ...current, version: 2, referralBonusKobo: current.referralBonusKobo + 500_000 };
const inputs = { ...exampleSimulationInputs, months: 6, joinsPerMonth: 500 };

describeEachDatabase('plan simulator', (database) => {
  const ctx = useTestApp(database);
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
  });

  const start = (body: object, programme = 'main') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/plans/${programme}/simulate`,
      headers: admin,
      payload: body,
    });
  const poll = async (id: string): Promise<SimulationJob> => {
    for (;;) {
      const job = (
        await ctx.app.inject({ method: 'GET', url: `/api/admin/plan-simulations/${id}`, headers: admin })
      ).json<SimulationJob>();
      if (job.status !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('runs the draft against the plan in force in a worker thread, and answers what the core computes', async () => {
    const started = await start({ draft, inputs });
    expect(started.statusCode).toBe(202);
    const job = await poll(started.json<SimulationJob>().id);
    expect(job.status).toBe('finished');
    const expected = simulatePlan({ plans: { main: { draft, current } }, inputs });
    expect(job.status === 'finished' && job.report).toEqual(JSON.parse(JSON.stringify(expected)));
    if (job.status !== 'finished') return;
    expect(job.report.draft.totals.bonusesAccruedKobo).toBeGreaterThan(
      job.report.current.totals.bonusesAccruedKobo,
    );
    expect(job.report.draft.plans.find((p) => p.programme === 'main')!.version).toBe(2);
  });

  it('refuses a draft of the other programme, inputs beyond the limit, and an unknown job', async () => {
    expect((await start({ draft, inputs }, 'welcomeback')).json()).toMatchObject({
      message: 'This is a draft of the main plan, not of welcomeback.',
    });
    const tooMany = await start({ draft, inputs: { ...inputs, months: 120, joinsPerMonth: 100_000 } });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([
      400,
      'Simulate at most 500,000 joins in all',
    ]);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/plan-simulations/6f1c1a52-7d0e-4f5a-9b1e-2f1e1c2d3e4f',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
