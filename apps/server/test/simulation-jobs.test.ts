import { getPlan, nairaToKobo as n, simulatePlan, type Plan, type SimulationInputs } from '@coop/core';
import type { Approval, SimulationJob } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { queryRows } from '../src/db/rows';
import { sizedInputs } from '../src/modules/plan-simulation/headline';
import { sweepJobs } from '../src/modules/plan-simulation/simulation-store';
import { createTestAccount, signInAs } from './accounts-kit';
import { testConfig, useTestApp } from './app';
import { describeEachDatabase } from './databases';

/**
 * Simulations stored in the database (decision 0061): one instance runs a job and another, on the same database,
 * shows its progress and its report; a job whose instance stopped reads as interrupted; a plan approval needs a
 * finished simulation of the draft as it is now, and its card carries the headline figures.
 */
const raised = (plan: Plan, naira: number): Plan => ({ ...plan, referralBonusKobo: n(naira) });
/** The assumptions of the simulator's example (core's exampleSimulationInputs when this was written), spelt out. */
const assumptions: SimulationInputs = {
  months: 25,
  joinsPerMonth: 4_000,
  shape: { kind: 'flat' },
  mainShare: 0.7,
  rejoinShare: 0.5,
  recruits: [
    { people: 0, share: 0.4 },
    { people: 1, share: 0.2 },
    { people: 2, share: 0.2 },
    { people: 3, share: 0.1 },
    { people: 5, share: 0.07 },
    { people: 10, share: 0.03 },
  ],
  dropOutPerMonth: 0.05,
  minimumPayoutKobo: 100_000,
  seed: 1,
};
const small = { ...assumptions, months: 3, joinsPerMonth: 200 };

describeEachDatabase('plan simulations stored in the database', (database) => {
  // `ctx.app` runs the jobs; `other` is a second instance on the same database.
  const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
  let other: App;
  let maker: Record<string, string>;
  let checker: Record<string, string>;
  /** The first test's job: the latest finished simulation of its draft. */
  let firstJob: string;
  beforeAll(async () => {
    other = await buildApp(testConfig({ SINGLE_ADMIN_APPROVAL: 'false' }), { database: ctx.database });
    await other.ready();
    maker = await signInAs(
      ctx.app,
      (await createTestAccount(ctx.app, { role: 'admin', fullName: 'Maker Admin' })).id,
    );
    checker = await signInAs(
      ctx.app,
      (await createTestAccount(ctx.app, { role: 'admin', fullName: 'Checker Admin', secondFactor: true })).id,
    );
  });
  afterAll(async () => other?.close());

  const draft = async (plan: Plan) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/plans/main/drafts',
        headers: maker,
        payload: plan,
      })
    ).json<{ id: number }>().id;
  const simulate = async (app: App, id: number, inputs: object) => {
    const started = await app.inject({
      method: 'POST',
      url: `/api/admin/plans/main/drafts/${id}/simulate`,
      headers: maker,
      payload: { inputs },
    });
    expect(started.statusCode, started.body).toBe(202);
    return started.json<SimulationJob>();
  };
  const read = async (app: App, id: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/admin/plan-simulations/${id}`, headers: checker })
    ).json<SimulationJob>();
  /** Polls `app` until the job ends; answers the running states seen on the way. */
  const untilEnded = async (app: App, id: string) => {
    const seen: SimulationJob[] = [];
    for (;;) {
      const job = await read(app, id);
      if (job.status !== 'running') return { job, seen };
      seen.push(job);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const planCard = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/admin/approvals?status=pending', headers: checker }))
      .json<{ items: Approval[] }>()
      .items.find((a) => a.kind === 'plan_version')!;

  it('a job started on one instance is read on another: its progress while it runs, then its report and headline', async () => {
    const id = await draft(raised(getPlan('main'), 12_000));
    // Long enough (48,000 joins, then the headline sizes) for progress to be written while it runs.
    const inputs = { ...assumptions, months: 12, joinsPerMonth: 4_000 };
    const started = await simulate(ctx.app, id, inputs);
    firstJob = started.id;
    expect(started).toMatchObject({
      status: 'running',
      draftId: id,
      againstVersion: 1,
      startedBy: 'Maker Admin',
    });
    const { job, seen } = await untilEnded(other, started.id);
    // Progress is written at most once a second by the instance running it; the other reads it from the database.
    expect(seen.some((s) => s.status === 'running' && s.done > 0 && s.total > s.done)).toBe(true);
    expect(job.status).toBe('finished');
    if (job.status !== 'finished') return;
    const plan = { ...raised(getPlan('main'), 12_000), version: 0 };
    const input = { plans: { main: { draft: plan, current: getPlan('main') } }, inputs };
    expect(job.report).toEqual(JSON.parse(JSON.stringify(simulatePlan(input))));
    // The headline: the same assumptions at 1,000 and at about 100,000 new members.
    expect(job.headline!.sizes.map((s) => s.members)).toEqual([1_000, 100_000]);
    // 12 months of 83 and of 8,333: each month is whole.
    expect(job.headline!.sizes.map((s) => s.simulatedMembers)).toEqual([996, 99_996]);
    // The 1,000 size is the core's simulation of the same assumptions at 83 a month: its payout ratio, the cash in
    // wallets at the end and the awards not handed over, per new member.
    const sized = simulatePlan({ ...input, inputs: sizedInputs(inputs, 1_000) });
    const perMember = (kobo: number) => Math.round(kobo / 996);
    const expected = (label: 'draft' | 'current') => ({
      payoutRatio: sized[label].totals.payoutRatio,
      cashOwedPerMemberKobo: perMember(sized[label].year.totals.walletsAtEndKobo),
      awardsOwedPerMemberKobo: perMember(sized[label].year.totals.awardsOwedKobo),
    });
    expect(job.headline!.sizes[0]).toEqual({
      members: 1_000,
      simulatedMembers: 996,
      draft: expected('draft'),
      current: expected('current'),
    });
    for (const size of job.headline!.sizes) {
      expect(size.draft.payoutRatio).toBeGreaterThan(size.current.payoutRatio);
      expect(size.draft.cashOwedPerMemberKobo).toBeGreaterThanOrEqual(size.current.cashOwedPerMemberKobo);
    }
    expect(await read(ctx.app, started.id)).toEqual(job);
  });

  it('a job whose instance stops is interrupted, and every instance says so', async () => {
    const third = await buildApp(testConfig(), { database: ctx.database });
    await third.ready();
    const id = await draft(raised(getPlan('main'), 11_000));
    const started = await simulate(third, id, { ...assumptions, months: 24, joinsPerMonth: 15_000 });
    await third.close();
    const after = await read(other, started.id);
    expect(after).toMatchObject({ status: 'interrupted', draftId: id });
    expect(after.status === 'interrupted' && after.message).toBe(
      'The simulation was interrupted: the server running it stopped (a restart) before it finished. Run it again.',
    );

    // An instance that died wrote nothing more: once its heartbeat is stale, its job reads as interrupted.
    const lost = '0d9d9b8e-6a55-4f0b-8c43-0b9a4a8e1f11';
    await ctx.app.db
      .execute(sql`insert into simulation_jobs (id, programme, against_version, input, instance_id, done, total, heartbeat_at)
      values (${lost}, 'main', 1, '{}'::jsonb, 'gone', 10, 100, now() - interval '1 minute')`);
    expect(await read(other, lost)).toMatchObject({ status: 'interrupted' });
    expect(await read(ctx.app, lost)).toMatchObject({ status: 'interrupted' });

    // The daily sweep writes a stale job interrupted without anyone reading it, and deletes ended jobs after 30
    // days but the latest finished simulation of each draft (the first test's, which an approval would show).
    const unread = '5b0c7d2e-11aa-4c3b-9e6f-7a8b9c0d1e2f';
    await ctx.app.db
      .execute(sql`insert into simulation_jobs (id, programme, against_version, input, instance_id, heartbeat_at)
      values (${unread}, 'main', 1, '{}'::jsonb, 'gone', now() - interval '1 minute')`);
    expect(await sweepJobs(ctx.app.db, new Date())).toBe(0);
    const statusOf = async (job: string) =>
      (
        await queryRows<{ status: string }>(
          ctx.app.db,
          sql`select status from simulation_jobs where id = ${job}`,
        )
      )[0]?.status;
    expect(await statusOf(unread)).toBe('interrupted');
    expect(await sweepJobs(ctx.app.db, new Date(Date.now() + 31 * 24 * 3600_000))).toBe(3);
    expect([await statusOf(started.id), await statusOf(lost), await statusOf(unread)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const unknown = await other.inject({
      method: 'GET',
      url: `/api/admin/plan-simulations/${lost}`,
      headers: checker,
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'There is no such simulation.']);
    expect(await statusOf(firstJob)).toBe('finished');
  });

  it('approval needs a finished simulation of the draft as it is now; the card carries its headline figures', async () => {
    const id = await draft(raised(getPlan('main'), 13_000));
    const before = await untilEnded(ctx.app, (await simulate(ctx.app, id, small)).id);
    expect(before.job.status).toBe('finished');
    // Changed after it was simulated: that simulation is of other figures.
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/plans/main/drafts/${id}`,
      headers: maker,
      payload: raised(getPlan('main'), 14_000),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/plans/main/drafts/${id}/submit`,
      headers: maker,
      payload: {},
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const approvalId = asked.json<{ approval: Approval }>().approval.id;
    expect((await planCard()).simulation).toBeNull();

    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/approvals/${approvalId}/approve`,
      headers: checker,
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      `Draft #${id} has no finished simulation of its figures as they are now: its maker must run one (Plan → the draft → Simulate this draft) before it can be approved.`,
    ]);
    // Refused, the request still waits for the simulation.
    expect((await planCard()).status).toBe('pending');

    const now = await untilEnded(ctx.app, (await simulate(ctx.app, id, small)).id);
    expect(now.job.status).toBe('finished');
    const card = (await planCard()).simulation!;
    expect(card).toMatchObject({ jobId: now.job.id, status: 'finished', againstVersion: 1 });
    expect(Date.parse(card.finishedAt!)).not.toBeNaN();
    expect(card.headline).toEqual(now.job.status === 'finished' && now.job.headline);
    const [thousand, hundredThousand] = card.headline!.sizes;
    expect([thousand!.members, hundredThousand!.members]).toEqual([1_000, 100_000]);
    // 3 months of 333 and of 33,333.
    expect([thousand!.simulatedMembers, hundredThousand!.simulatedMembers]).toEqual([999, 99_999]);
    // A bigger referral bonus costs more: the payout ratio and the cash owed per member rise.
    expect(thousand!.draft.payoutRatio).toBeGreaterThan(thousand!.current.payoutRatio);
    expect(hundredThousand!.draft.cashOwedPerMemberKobo).toBeGreaterThan(
      hundredThousand!.current.cashOwedPerMemberKobo,
    );
    expect(hundredThousand!.draft.awardsOwedPerMemberKobo).toBeGreaterThan(0);

    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/approvals/${approvalId}/approve`,
      headers: checker,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // Published, the version keeps its draft's content hash: the decided request still shows what was approved.
    const decided = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/approvals/${approvalId}`,
      headers: checker,
    });
    expect(decided.json<{ approval: Approval }>().approval).toMatchObject({
      status: 'approved',
      simulation: { jobId: now.job.id, status: 'finished' },
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/plans/main' })).json().referralBonusKobo).toBe(
      n(14_000),
    );
  });
});
