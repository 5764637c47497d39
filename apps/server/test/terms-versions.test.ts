import { exampleSimulationInputs, getPlan, nairaToKobo as n } from '@coop/core';
import type { MemberRecord, SimulationJob } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { archiveFiles } from '../src/modules/privacy/data-archive';
import type { MemberData } from '../src/modules/privacy/member-data';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { signupBody, signupPath, someAddress } from './auth-kit';
import { describeEachDatabase } from './databases';

/** Terms as versioned documents (issue 36, decision 0060): the version accepted at sign-up, shown, and kept. */
describeEachDatabase('the terms a member accepted, by plan version', (database) => {
  const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'true' });
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
  });

  const signUp = (overrides: Record<string, unknown>) => {
    const body = signupBody(overrides);
    return ctx.app
      .inject({ method: 'POST', url: signupPath.main, payload: body, remoteAddress: someAddress() })
      .then((res) => ({ res, email: String(body.email).toLowerCase() }));
  };
  const accountOf = async (email: string) =>
    (
      await queryRows<{ id: string; terms_version: number | null; terms_accepted_at: Date | null }>(
        ctx.app.db,
        sql`select id, terms_version, terms_accepted_at from accounts where email = ${email}`,
      )
    )[0];
  const recordOf = async (id: string) =>
    (
      await ctx.app.inject({ method: 'GET', url: `/api/admin/members/${id}`, headers: admin })
    ).json<MemberRecord>();

  /** Version 2 of Main raises the referral bonus, published by the one administrator after a simulation. */
  async function publishVersion2() {
    const { id } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/plans/main/drafts',
        headers: admin,
        payload: { ...getPlan('main'), referralBonusKobo: n(12_000) },
      })
    ).json<{ id: number }>();
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/plans/main/drafts/${id}/simulate`,
      headers: admin,
      payload: { inputs: { ...exampleSimulationInputs, months: 2, joinsPerMonth: 50 } },
    });
    // The simulation is what a checker reads before approving (issue 36); this file tests what follows publication.
    let job = started.json<SimulationJob>();
    while (started.statusCode === 202 && job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (
        await ctx.app.inject({ method: 'GET', url: `/api/admin/plan-simulations/${job.id}`, headers: admin })
      ).json<SimulationJob>();
    }
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/plans/main/drafts/${id}/submit`,
      headers: admin,
      payload: {},
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toEqual({ version: 2 });
  }

  it('records the version accepted at sign-up, shows it on the member record and in My Data, refuses an outdated one after a publication, and tells existing members', async () => {
    const ada = await signUp({ fullName: 'Ada Terms', termsVersion: 1 });
    expect(ada.res.statusCode, ada.res.body).toBe(201);
    const adaRow = (await accountOf(ada.email))!;
    expect(adaRow.terms_version).toBe(1);
    expect(adaRow.terms_accepted_at).not.toBeNull();
    const acceptedAt = new Date(adaRow.terms_accepted_at!).toISOString();

    // The administrator's record of the member.
    expect((await recordOf(adaRow.id)).terms).toEqual({ version: 1, acceptedAt });

    // My Data: the page's answer and the download's files.
    const adaHeaders = await signInAs(ctx.app, adaRow.id);
    const myData = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/data?programme=main',
      headers: adaHeaders,
    });
    expect(myData.statusCode, myData.body).toBe(200);
    const data = myData.json<MemberData>();
    expect(data.consents).toMatchObject({
      termsVersion: 1,
      termsAddress: '/terms/main/v/1',
      termsAcceptedAt: acceptedAt,
    });
    const files = await archiveFiles(data);
    expect(files['profile.csv']).toContain('termsVersion,1');
    expect(JSON.parse(files['my-data.json']!).consents.termsAddress).toBe('/terms/main/v/1');

    await publishVersion2();

    // A form opened before the publication showed version 1: the sign-up is refused, nothing is registered.
    const late = await signUp({ fullName: 'Bola Late', termsVersion: 1 });
    expect(late.res.statusCode).toBe(409);
    expect(late.res.json()).toMatchObject({
      code: 'terms_outdated',
      message:
        "The terms changed while this page was open: version 2 of the Main platform's terms now applies to new members. Please read the new terms at /terms/main/v/2 and accept them to register.",
    });
    expect(await accountOf(late.email)).toBeUndefined();

    // Accepting the terms in force registers, with that version.
    const bola = await signUp({ fullName: 'Bola New', termsVersion: 2 });
    expect(bola.res.statusCode, bola.res.body).toBe(201);
    const bolaRow = (await accountOf(bola.email))!;
    expect((await recordOf(bolaRow.id)).terms.version).toBe(2);
    // A sign-up that names no version (an API client) accepts the one in force.
    const api = await signUp({ fullName: 'Chidi Api' });
    expect(api.res.statusCode, api.res.body).toBe(201);
    expect((await accountOf(api.email))!.terms_version).toBe(2);

    // Ada's terms did not change; she was told so in the app and by mail, pointed to her plan and its terms.
    expect((await recordOf(adaRow.id)).terms).toEqual({ version: 1, acceptedAt });
    const notices = await queryRows<{ body: string; link: string }>(
      ctx.app.db,
      sql`select body, link from notifications where account_id = ${adaRow.id} and kind = 'plan_published'`,
    );
    expect(notices).toEqual([
      {
        body: 'Positions placed from now on join under version 2 of the plan. Your own terms do not change: each position is paid by the version it joined under. My Plan shows yours, with a link to its terms.',
        link: '/mainplan',
      },
    ]);
    const mails = await queryRows<{ subject: string }>(
      ctx.app.db,
      sql`select subject from mail_queue where account_id = ${adaRow.id} and template = 'event'`,
    );
    expect(mails.map((m) => m.subject)).toContain('The Main platform plan has a new version (2)');

    // Each version's figures stay at their own address.
    const v1 = await ctx.app.inject({ method: 'GET', url: '/api/plans/main/versions/1' });
    const v2 = await ctx.app.inject({ method: 'GET', url: '/api/plans/main/versions/2' });
    expect([v1.json().referralBonusKobo, v2.json().referralBonusKobo]).toEqual([n(10_000), n(12_000)]);
  });
});
