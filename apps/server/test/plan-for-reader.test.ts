import { exampleSimulationInputs, getPlan, nairaToKobo as n } from '@coop/core';
import type { SimulationJob } from '@coop/core/contracts';
import { describe, expect, it } from 'vitest';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';
import { activate, createAccount } from './engine-test-kit';

/**
 * Each reader reads the version that applies to them (issue 36, decision 0059): a prospect the version in force (the
 * public read, and the plans block of every page), a member their own version (`GET /api/me/plan`, among the
 * dashboard's and the grant page's first reads) with the version in force beside it.
 */
describe('the plan version each reader reads', () => {
  describeEachDatabase('after a version raising the Main referral bonus', (database) => {
    const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'true' });

    it('a prospect reads the new bonus; a member of version 1 reads theirs and the version in force; a later joiner reads the new one', async () => {
      const early = await createAccount(ctx.app.db, 'main', null, 'Ada Early');
      await activate(ctx.app.db, 'main', early);
      const waiting = await createAccount(ctx.app.db, 'main', null, 'Bola Waiting');

      // Version 2 raises the referral bonus, drafted, simulated and published by one administrator.
      const admin = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
      const raisedKobo = getPlan('main').referralBonusKobo + n(2_500);
      const { id } = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/plans/main/drafts',
          headers: admin,
          payload: { ...getPlan('main'), referralBonusKobo: raisedKobo },
        })
      ).json<{ id: number }>();
      const started = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/plans/main/drafts/${id}/simulate`,
        headers: admin,
        payload: { inputs: { ...exampleSimulationInputs, months: 2, joinsPerMonth: 50 } },
      });
      expect(started.statusCode, started.body).toBe(202);
      let job = started.json<SimulationJob>();
      while (job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/admin/plan-simulations/${job.id}`,
            headers: admin,
          })
        ).json<SimulationJob>();
      }
      const submitted = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/plans/main/drafts/${id}/submit`,
        headers: admin,
        // At once: no publication time asked for.
        payload: {},
      });
      expect(submitted.statusCode, submitted.body).toBe(200);

      // A prospect: the version in force.
      const now = (await ctx.app.inject({ method: 'GET', url: '/api/plans/main' })).json();
      expect([now.version, now.referralBonusKobo]).toEqual([2, raisedKobo]);

      // The member of version 1: their own figures, told which version is in force.
      const own = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/plan?programme=main',
        headers: await signInAs(ctx.app, early),
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toMatchObject({
        version: 1,
        joinedUnder: 1,
        currentVersion: 2,
        referralBonusKobo: getPlan('main').referralBonusKobo,
      });

      // Not yet paid: what they would join under, the version in force; once paid, the version they joined under.
      const waitingHeaders = await signInAs(ctx.app, waiting);
      const before = (
        await ctx.app.inject({ method: 'GET', url: '/api/me/plan?programme=main', headers: waitingHeaders })
      ).json();
      expect(before).toMatchObject({ version: 2, joinedUnder: null, referralBonusKobo: raisedKobo });
      await activate(ctx.app.db, 'main', waiting);
      const after = (
        await ctx.app.inject({ method: 'GET', url: '/api/me/plan?programme=main', headers: waitingHeaders })
      ).json();
      expect(after).toMatchObject({
        version: 2,
        joinedUnder: 2,
        currentVersion: 2,
        referralBonusKobo: raisedKobo,
      });
    });
  });
});
