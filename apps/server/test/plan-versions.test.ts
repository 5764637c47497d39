import {
  exampleSimulationInputs,
  getPlan,
  nairaToKobo as n,
  simulatePlan,
  type Plan,
  type Programme,
} from '@coop/core';
import type { SimulationJob } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { walletBalanceKobo } from '../src/modules/ledger/queries';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';
import { activate, createAccount } from './engine-test-kit';

/** Version 2 of Main: bigger referral and stage-0/1 bonuses, same fee and shape. */
const raised = (plan: Plan): Plan => ({
  ...plan,
  referralBonusKobo: n(15_000),
  stages: plan.stages.map((s) =>
    s.number === 0
      ? { ...s, graduatingKobo: n(20_000) }
      : s.number === 1
        ? { ...s, graduatingKobo: n(70_000) }
        : s,
  ),
});

describeEachDatabase(
  'the plan as versions: drafted, approved by a second administrator, published; each member paid by their own',
  (database) => {
    const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
    let maker: Record<string, string>;
    let checker: Record<string, string>;
    beforeAll(async () => {
      maker = await signInAs(
        ctx.app,
        (await createTestAccount(ctx.app, { role: 'admin', fullName: 'Maker Admin' })).id,
      );
      checker = await signInAs(
        ctx.app,
        (await createTestAccount(ctx.app, { role: 'admin', fullName: 'Checker Admin', secondFactor: true }))
          .id,
      );
    });

    const draft = (programme: Programme, plan: Plan, headers = maker) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/plans/${programme}/drafts`, headers, payload: plan });
    const submit = (programme: Programme, id: number, headers = maker) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/plans/${programme}/drafts/${id}/submit`, headers });
    const approve = (id: number, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/approvals/${id}/approve`, headers });
    /** The maker simulates the draft as it is: approval needs a finished simulation of it (decision 0061). */
    const simulated = async (programme: Programme, id: number) => {
      const inputs = {
        months: 2,
        joinsPerMonth: 100,
        shape: { kind: 'flat' },
        mainShare: 0.7,
        rejoinShare: 0.5,
        recruits: [
          { people: 0, share: 0.5 },
          { people: 2, share: 0.5 },
        ],
        dropOutPerMonth: 0.05,
        minimumPayoutKobo: 100_000,
        seed: 1,
      };
      const started = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/plans/${programme}/drafts/${id}/simulate`,
        headers: maker,
        payload: { inputs },
      });
      let job = started.json<SimulationJob>();
      while (job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/admin/plan-simulations/${job.id}`,
            headers: maker,
          })
        ).json<SimulationJob>();
      }
      expect(job.status).toBe('finished');
    };
    const creditsOf = (accountId: string) =>
      queryRows<{ kind: string; stage: number; amount_kobo: string; plan_version: number }>(
        ctx.app.db,
        sql`select kind, stage, amount_kobo, plan_version from credits where account_id = ${accountId} order by id`,
      );
    const versionOf = async (accountId: string) =>
      (
        await queryRows<{ plan_version: number }>(
          ctx.app.db,
          sql`select plan_version from positions where account_id = ${accountId}`,
        )
      )[0]!.plan_version;

    it('version 1 of each programme, seeded by the migration, is today’s plan field by field', async () => {
      for (const programme of ['main', 'welcomeback'] as const) {
        const [row] = await queryRows<{ plan: Plan; version: number; status: string }>(
          ctx.app.db,
          sql`select plan, version, status from plan_versions where programme = ${programme} and version = 1`,
        );
        expect(row!.plan).toEqual(getPlan(programme));
        expect(row!.status).toBe('published');
        const current = await ctx.app.inject({ method: 'GET', url: `/api/plans/${programme}` });
        const { effectiveAt, ...plan } = current.json();
        expect(plan).toEqual(getPlan(programme));
        expect(Date.parse(effectiveAt)).not.toBeNaN();
        expect(
          (await ctx.app.inject({ method: 'GET', url: `/api/plans/${programme}/versions/1` })).json(),
        ).toEqual(current.json());
      }
      expect((await ctx.app.inject({ method: 'GET', url: '/api/plans/main/versions/9' })).statusCode).toBe(
        404,
      );
    });

    it('a draft may not change the shape; the maker cannot approve it; a published version cannot be edited', async () => {
      const reshaped = { ...getPlan('main'), directReferralsPerStage: 3 };
      const refused = await draft('main', reshaped);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(
        /direct referrals each stage needs is part of the programme's shape/,
      );

      const created = await draft('welcomeback', { ...getPlan('welcomeback'), referralBonusKobo: n(1_500) });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json();
      const asked = await submit('welcomeback', id);
      expect(asked.statusCode, asked.body).toBe(202);
      const { approval } = asked.json();
      expect(approval).toMatchObject({ kind: 'plan_version', status: 'pending' });
      expect(approval.summary).toMatch(/version 2 of the Welcome Back plan: Referral bonus ₦1,000 → ₦1,500/);
      const waiting = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/plans/welcomeback/drafts/${id}`,
        headers: maker,
        payload: getPlan('welcomeback'),
      });
      expect(waiting.statusCode).toBe(409);

      const own = await approve(approval.id, maker);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('You asked for this yourself: a second administrator must approve it.');
      expect((await ctx.app.inject({ method: 'GET', url: '/api/plans/welcomeback' })).json().version).toBe(1);

      await simulated('welcomeback', id);
      expect((await approve(approval.id, checker)).statusCode).toBe(200);
      const now = (await ctx.app.inject({ method: 'GET', url: '/api/plans/welcomeback' })).json();
      expect([now.version, now.referralBonusKobo]).toEqual([2, n(1_500)]);
      // Who drafted it and who approved it, by name and email (issue 35).
      const row = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/admin/plans/welcomeback/drafts/${id}`,
          headers: maker,
        })
      ).json();
      expect(row).toMatchObject({
        status: 'published',
        draftedBy: { fullName: 'Maker Admin', email: expect.stringContaining('@') },
        approvedBy: { fullName: 'Checker Admin', email: expect.stringContaining('@') },
      });

      const edit = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/plans/welcomeback/drafts/${id}`,
        headers: maker,
        payload: getPlan('welcomeback'),
      });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toBe(
        'Version 2 is published and cannot be changed: draft a new version instead.',
      );
      // Not even the database lets a published version change.
      await expect(
        ctx.app.db.execute(
          sql`update plan_versions set plan = '{}'::jsonb where programme = 'welcomeback' and version = 1`,
        ),
      ).rejects.toThrow();

      const audit = await queryRows<{ action: string; details: { differences?: unknown[] } }>(
        ctx.app.db,
        sql`select action, details from audit_log where action like 'plan_%' and details->>'programme' = 'welcomeback' order by id`,
      );
      expect(audit.map((a) => a.action)).toEqual(['plan_draft_created', 'plan_version_published']);
      expect(audit.at(-1)!.details.differences).toEqual([
        { field: 'Referral bonus', before: '₦1,000', after: '₦1,500' },
      ]);
    });

    it('a v1 member promoted after v2 is paid v1’s amounts; a v2 joiner under a v1 sponsor gives the sponsor v1’s referral bonus and is paid v2’s', async () => {
      const ada = await createAccount(ctx.app.db, 'main', null, 'Ada Early');
      await activate(ctx.app.db, 'main', ada);
      expect(await versionOf(ada)).toBe(1);

      const { id } = (await draft('main', raised(getPlan('main')))).json();
      const { approval } = (await submit('main', id)).json();
      await simulated('main', id);
      expect((await approve(approval.id, checker)).json()).toMatchObject({ status: 'approved' });

      const bola = await createAccount(ctx.app.db, 'main', ada, 'Bola Later');
      const chidi = await createAccount(ctx.app.db, 'main', ada, 'Chidi Later');
      for (const account of [bola, chidi]) await activate(ctx.app.db, 'main', account);
      expect([await versionOf(bola), await versionOf(chidi)]).toEqual([2, 2]);

      // Ada completed Welcome after version 2 was published, and is paid as version 1 promised.
      expect((await creditsOf(ada)).map((c) => [c.kind, Number(c.amount_kobo), c.plan_version])).toEqual([
        ['referral', n(10_000), 1],
        ['referral', n(10_000), 1],
        ['graduating', n(10_000), 1],
      ]);
      expect(await walletBalanceKobo(ctx.app.db, ada)).toBe(n(30_000));

      // Bola joined under version 2: her own referrals and her Welcome are paid as version 2 promises.
      for (const name of ['Dayo', 'Emeka'])
        await activate(ctx.app.db, 'main', await createAccount(ctx.app.db, 'main', bola, name));
      expect((await creditsOf(bola)).map((c) => [c.kind, Number(c.amount_kobo), c.plan_version])).toEqual([
        ['referral', n(15_000), 2],
        ['referral', n(15_000), 2],
        ['graduating', n(20_000), 2],
      ]);
      expect(await walletBalanceKobo(ctx.app.db, bola)).toBe(n(50_000));

      // Every credit and award records the version that computed it: the version of the position it pays.
      const mismatched = await queryRows<{ id: string }>(
        ctx.app.db,
        sql`select c.id from credits c join positions p on p.id = c.position_id where c.plan_version <> p.plan_version
          union all select a.id from awards a join positions p on p.id = a.position_id where a.plan_version <> p.plan_version`,
      );
      expect(mismatched).toEqual([]);
      const [fee] = await queryRows<{ plan_version: number }>(
        ctx.app.db,
        sql`select e.plan_version from journal_entries e join positions p on e.idempotency_key = 'fee:' || p.payment_reference where p.account_id = ${bola}`,
      );
      expect(fee!.plan_version).toBe(2);

      // The member's own plan page reads the version they joined under.
      const adaPlan = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/plan?programme=main',
        headers: await signInAs(ctx.app, ada),
      });
      expect(adaPlan.json()).toMatchObject({
        version: 1,
        joinedUnder: 1,
        currentVersion: 2,
        referralBonusKobo: n(10_000),
      });
      const bolaPlan = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/plan',
        headers: await signInAs(ctx.app, bola),
      });
      expect(bolaPlan.json()).toMatchObject({
        version: 2,
        joinedUnder: 2,
        currentVersion: 2,
        referralBonusKobo: n(15_000),
      });

      // Members were told what changes for new members and that their own terms do not.
      const [notice] = await queryRows<{ title: string; body: string }>(
        ctx.app.db,
        sql`select title, body from notifications where account_id = ${ada} and kind = 'plan_published'`,
      );
      expect(notice).toEqual({
        title: 'The Main platform plan has a new version (2)',
        body: 'Positions placed from now on join under version 2 of the plan. Your own terms do not change: each position is paid by the version it joined under. My Plan shows yours, with a link to its terms.',
      });
    });
  },
);

describe('one administrator', () => {
  describeEachDatabase('publishing under SINGLE_ADMIN_APPROVAL', (database) => {
    const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'true' });
    it('submitting publishes at once as the next version and answers with it', async () => {
      const headers = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
      const { id } = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/plans/main/drafts',
          headers,
          payload: { ...getPlan('main'), feeKobo: n(60_000), version: 77 },
        })
      ).json();
      // The draft is simulated against the current version by the plan simulator, in its worker.
      const inputs = { ...exampleSimulationInputs, months: 3, joinsPerMonth: 200 };
      const started = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/plans/main/drafts/${id}/simulate`,
        headers,
        payload: { inputs },
      });
      expect(started.statusCode, started.body).toBe(202);
      let job = started.json<SimulationJob>();
      while (job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = (
          await ctx.app.inject({ method: 'GET', url: `/api/admin/plan-simulations/${job.id}`, headers })
        ).json<SimulationJob>();
      }
      const draftPlan = { ...getPlan('main'), feeKobo: n(60_000), version: 0 };
      expect(job.status === 'finished' && job.report).toEqual(
        JSON.parse(
          JSON.stringify(
            simulatePlan({ plans: { main: { draft: draftPlan, current: getPlan('main') } }, inputs }),
          ),
        ),
      );

      const submitted = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/plans/main/drafts/${id}/submit`,
        headers,
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(submitted.json()).toEqual({ version: 2 });
      const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/plans/main', headers })).json();
      expect(list.items.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
        [2, 'published'],
        [1, 'superseded'],
      ]);
      expect(list.items[0].differences).toEqual([
        { field: 'Registration fee', before: '₦50,000', after: '₦60,000' },
      ]);
    });
  });
});
