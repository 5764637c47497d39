import { getPlan, nairaToKobo as n, type Plan, type Programme } from '@coop/core';
import type { PlanVersionList, PlanVersionRow, SimulationJob } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { activate, createAccount } from './engine-test-kit';
import { pressCheckout, signInOverHttp, startPayment, useListeningApp } from './payments-kit';

/** Issue 36, decision 0062: every award valued, awards added and removed, a version published at a later time. */
describeEachDatabase(
  'awards with their values; a plan version that takes effect at a later time',
  (database) => {
    const ctx = useListeningApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
    let maker: Record<string, string>;
    let checker: Record<string, string>;
    beforeAll(async () => {
      maker = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
      checker = await signInAs(
        ctx.app,
        (await createTestAccount(ctx.app, { role: 'admin', secondFactor: true })).id,
      );
    });

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers = maker, payload?: object) =>
      ctx.app.inject({ method, url: `/api${url}`, headers, payload });
    const withStage = (plan: Plan, stage: number, change: (s: Plan['stages'][number]) => object): Plan => ({
      ...plan,
      stages: plan.stages.map((s) => (s.number === stage ? { ...s, ...change(s) } : s)),
    });
    /** Approval needs a finished simulation of the draft as it is (decision 0061). */
    const simulate = async (programme: Programme, id: number) => {
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
      let job = (
        await call('POST', `/admin/plans/${programme}/drafts/${id}/simulate`, maker, { inputs })
      ).json<SimulationJob>();
      while (job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = (await call('GET', `/admin/plan-simulations/${job.id}`)).json<SimulationJob>();
      }
      expect(job.status).toBe('finished');
    };
    /** Drafted, simulated, submitted to take effect at `publishAt`, approved by the second administrator. */
    const approvedFor = async (programme: Programme, plan: Plan, publishAt: Date) => {
      const created = await call('POST', `/admin/plans/${programme}/drafts`, maker, plan);
      expect(created.statusCode, created.body).toBe(201);
      const id: number = created.json().id;
      await simulate(programme, id);
      const asked = await call('POST', `/admin/plans/${programme}/drafts/${id}/submit`, maker, {
        publishAt: publishAt.toISOString(),
      });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json().approval.summary).toMatch(/, taking effect on .* \(Lagos time\): /);
      const approved = await call('POST', `/admin/approvals/${asked.json().approval.id}/approve`, checker);
      expect(approved.statusCode, approved.body).toBe(200);
      return id;
    };
    const versionRow = async (programme: Programme, id: number) =>
      (await call('GET', `/admin/plans/${programme}`))
        .json<PlanVersionList>()
        .items.find((r) => r.id === id)!;
    const positionVersion = async (accountId: string) =>
      (
        await queryRows<{ plan_version: number }>(
          ctx.app.db,
          sql`select plan_version from positions where account_id = ${accountId}`,
        )
      )[0]?.plan_version;

    it('an award without a value is refused, by the contract and by the draft check', async () => {
      const wb = getPlan('welcomeback');
      const unvalued = withStage(wb, 3, (s) => ({ awards: s.awards.map((a) => ({ ...a, valueKobo: 0 })) }));
      const refused = await call('POST', '/admin/plans/welcomeback/drafts', maker, unvalued);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/Every award needs a value of more than ₦0/);
      const twice = withStage(wb, 3, (s) => ({ awards: [...s.awards, ...s.awards] }));
      expect((await call('POST', '/admin/plans/welcomeback/drafts', maker, twice)).json().message).toMatch(
        /one award of each kind/,
      );
    });

    it('the appliances gift is owed at its value: the liabilities count ₦50,000, not ₦0', async () => {
      const a = await createAccount(ctx.app.db, 'welcomeback', null, 'Tunde Back');
      await activate(ctx.app.db, 'welcomeback', a);
      for (let joined = 1; joined <= 30; joined += 1)
        await activate(ctx.app.db, 'welcomeback', await createAccount(ctx.app.db, 'welcomeback', a));
      const owed = await call('GET', '/admin/liabilities?programme=welcomeback');
      expect(owed.statusCode, owed.body).toBe(200);
      expect(owed.json().awards).toEqual([
        expect.objectContaining({ kind: 'domestic_appliances', pendingCount: 1, pendingValue: '50000.00' }),
      ]);
    });

    it('an award added and one removed round-trip through a draft and show in its differences', async () => {
      const main = getPlan('main');
      const hamper = {
        kind: 'gift',
        label: 'Welcome hamper',
        valueKobo: n(25_000),
        installments: 1,
      } as const;
      const changed = withStage(
        withStage(main, 1, () => ({ awards: [hamper] })),
        2,
        () => ({ awards: [] }),
      );
      const created = await call('POST', '/admin/plans/main/drafts', maker, changed);
      expect(created.statusCode, created.body).toBe(201);
      const id: number = created.json().id;
      const read = (await call('GET', `/admin/plans/main/drafts/${id}`)).json<PlanVersionRow>();
      expect(read.plan.stages[1]!.awards).toEqual([hamper]);
      expect(read.plan.stages[2]!.awards).toEqual([]);
      expect(read.differences).toEqual([
        {
          field: 'Award added at Associate (stage 1)',
          before: 'none',
          after: 'Welcome hamper (gift), ₦25,000',
        },
        {
          field: 'Award removed at Honourable (stage 2)',
          before: 'Laptop award (laptop), ₦200,000',
          after: 'none',
        },
      ]);
      // Put back as it was: no difference left.
      expect((await call('PUT', `/admin/plans/main/drafts/${id}`, maker, main)).statusCode).toBe(200);
      const back = (await call('GET', `/admin/plans/main/drafts/${id}`)).json<PlanVersionRow>();
      expect([back.plan.stages[1]!.awards, back.differences]).toEqual([[], []]);
    });

    it('a version approved for a later time is scheduled, takes effect then without anyone acting, and a join started before keeps the old one', async () => {
      const wb = getPlan('welcomeback');
      const v2: Plan = { ...wb, feeKobo: n(6_000), referralBonusKobo: n(1_500) };
      const tomorrow = new Date(Date.now() + 24 * 3_600_000);
      const id = await approvedFor('welcomeback', v2, tomorrow);

      // Scheduled with its date; version 1 is still what everyone reads and pays.
      expect(await versionRow('welcomeback', id)).toMatchObject({
        status: 'scheduled',
        version: 2,
        effectiveAt: tomorrow.toISOString(),
      });
      const before = (await call('GET', '/plans/welcomeback')).json();
      expect([before.version, before.feeKobo]).toEqual([1, n(5_000)]);
      expect((await call('GET', '/plans/welcomeback/versions/2')).statusCode).toBe(404);
      // A second version cannot be asked for while one waits for its time.
      const other = await call('POST', '/admin/plans/welcomeback/drafts', maker, wb);
      const refused = await call(
        'POST',
        `/admin/plans/welcomeback/drafts/${other.json().id}/submit`,
        maker,
        {},
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/Version 2 is scheduled to take effect on/);

      // Ada starts her checkout under version 1: ₦5,000.
      const sponsor = await createTestAccount(ctx.app, { programme: 'welcomeback' });
      await activate(ctx.app.db, 'welcomeback', sponsor.id);
      const joiner = async () => {
        const account = await createTestAccount(ctx.app, {
          programme: 'welcomeback',
          sponsorAccountId: sponsor.id,
        });
        return {
          account,
          headers: await signInOverHttp(ctx, 'welcomeback', account.email, 'a good password'),
        };
      };
      const ada = await joiner();
      const adaPays = await startPayment(ctx, ada.headers, 'welcomeback');
      expect((await ctx.sandbox.transactions.get(adaPays.reference))?.amountKobo).toBe(n(5_000));

      // The time comes (moved to now instead of waiting; the trigger lets a waiting version move, never back).
      await ctx.app.db.execute(
        sql`update plan_versions set effective_at = now() where id = ${id} and status = 'scheduled'`,
      );
      const after = (await call('GET', '/plans/welcomeback')).json();
      expect([after.version, after.feeKobo, after.referralBonusKobo]).toEqual([2, n(6_000), n(1_500)]);
      expect((await versionRow('welcomeback', id)).status).toBe('published');
      const list = (await call('GET', '/admin/plans/welcomeback')).json<PlanVersionList>();
      expect([list.currentVersion, list.items.find((r) => r.version === 1)!.status]).toEqual([
        2,
        'superseded',
      ]);

      // Ada pays after the switch: she joins under version 1, whose terms and fee she saw at checkout.
      await pressCheckout(adaPays.checkoutUrl, 'success');
      await ctx.app.paymentWork.settled();
      expect(await positionVersion(ada.account.id)).toBe(1);
      // Bola starts after the switch: ₦6,000 and version 2.
      const bola = await joiner();
      const bolaPays = await startPayment(ctx, bola.headers, 'welcomeback');
      expect((await ctx.sandbox.transactions.get(bolaPays.reference))?.amountKobo).toBe(n(6_000));
      await pressCheckout(bolaPays.checkoutUrl, 'success');
      await ctx.app.paymentWork.settled();
      expect(await positionVersion(bola.account.id)).toBe(2);

      // In force, it can no longer be cancelled, nor its time moved back.
      const late = await call('POST', `/admin/plans/welcomeback/drafts/${id}/cancel`, maker);
      expect([late.statusCode, late.json().code]).toEqual([409, 'plan_version_in_force']);
    });

    it('a scheduled version is cancelled before its time: a draft again, audited, the version in force unchanged', async () => {
      const current = (await call('GET', '/plans/welcomeback')).json();
      const { effectiveAt: _, ...plan } = current;
      const v3: Plan = { ...plan, referralBonusKobo: n(2_000) };
      const nextWeek = new Date(Date.now() + 7 * 24 * 3_600_000);
      const id = await approvedFor('welcomeback', v3, nextWeek);
      expect(await versionRow('welcomeback', id)).toMatchObject({ status: 'scheduled', version: 3 });

      const cancelled = await call('POST', `/admin/plans/welcomeback/drafts/${id}/cancel`, checker);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await versionRow('welcomeback', id)).toMatchObject({
        status: 'draft',
        version: null,
        effectiveAt: null,
        approvalId: null,
      });
      expect((await call('GET', '/plans/welcomeback')).json().version).toBe(2);
      const [audit] = await queryRows<{ details: { version: number; effectiveAt: string } }>(
        ctx.app.db,
        sql`select details from audit_log where action = 'plan_version_schedule_cancelled' order by id desc limit 1`,
      );
      expect(audit!.details).toMatchObject({ version: 3, effectiveAt: nextWeek.toISOString() });
      const again = await call('POST', `/admin/plans/welcomeback/drafts/${id}/cancel`, maker);
      expect([again.statusCode, again.json().code]).toEqual([409, 'plan_version_not_scheduled']);
    });
  },
);
