import { getPlan, mainPlan, toNairaString } from '@coop/core';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { useTestApp } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { paidMember, paidReferrals } from './member-test-kit';

interface Line {
  id: string;
  entryId: number;
  kind: string;
  stage: number | null;
  reason: string;
  from: string | null;
  amount: string;
}

describeEachDatabase('member wallet history and matrix view', (database) => {
  const ctx = useTestApp(database);
  const get = (headers: Record<string, string>, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('lists one line per bonus with its kind, stage and the person it came from, newest first, paged', async () => {
    const ada = await paidMember(ctx.app, 'main', { fullName: 'Ada Obi' });
    await paidMember(ctx.app, 'main', { fullName: 'Bola Ade', sponsorAccountId: ada.account.id });
    await paidMember(ctx.app, 'main', { fullName: 'chidi eze', sponsorAccountId: ada.account.id });

    const first = (await get(ada.headers, '/api/me/wallet-history?pageSize=2')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    const second = (await get(ada.headers, '/api/me/wallet-history?pageSize=2&page=2')).json();
    const items: Line[] = [...first.items, ...second.items];
    expect(items.map((i) => [i.kind, i.stage, i.reason, i.from, i.amount])).toEqual([
      [
        'graduating',
        0,
        'Graduating bonus for completing Welcome',
        null,
        toNairaString(mainPlan.stages[0]!.graduatingKobo),
      ],
      ['referral', 0, 'Referral bonus', 'Chidi E.', toNairaString(mainPlan.referralBonusKobo)],
      ['referral', 0, 'Referral bonus', 'Bola A.', toNairaString(mainPlan.referralBonusKobo)],
    ]);
    expect(new Set(items.map((i) => i.id)).size).toBe(3);
    expect((await get(ada.headers, '/api/me/wallet-history?pageSize=1000')).statusCode).toBe(400);
    expect((await get(ada.headers, '/api/me/wallet-history?kind=lottery')).statusCode).toBe(400);
  });

  it('shows the health fee as its own deduction line beside the Honourable bonuses; the lines add up to the wallet', async () => {
    const plan = getPlan('main');
    const musa = await paidMember(ctx.app, 'main', { fullName: 'Musa Idris' });
    await paidReferrals(ctx.app, 'main', musa.account.id, 14);
    const me = (await get(musa.headers, '/api/me')).json();
    expect(me.stageName).toBe('Chairman');

    const history = (await get(musa.headers, '/api/me/wallet-history?pageSize=100')).json();
    const items: Line[] = history.items;
    expect(history.total).toBe(items.length);
    const honourable = items.filter((i) => i.stage === 2);
    expect(honourable.map((i) => [i.kind, i.reason, i.amount])).toEqual([
      [
        'activities',
        'Activities bonus for completing Honourable',
        toNairaString(plan.stages[2]!.activitiesKobo),
      ],
      [
        'graduating',
        'Graduating bonus for completing Honourable',
        toNairaString(plan.stages[2]!.graduatingKobo),
      ],
      [
        'health_fee',
        'Health organisation registration fee, deducted from the Honourable bonuses',
        toNairaString(-plan.healthFee!.amountKobo),
      ],
    ]);
    // One event: the three lines share the ledger entry that moved the money.
    expect(new Set(honourable.map((i) => i.entryId)).size).toBe(1);
    const sumKobo = items.reduce((s, i) => s + Math.round(Number(i.amount) * 100), 0);
    expect(toNairaString(sumKobo)).toBe(me.wallet);

    const fees = (await get(musa.headers, '/api/me/wallet-history?kind=health_fee')).json();
    expect(fees.total).toBe(1);
    expect(fees.items[0]).toMatchObject({ kind: 'health_fee', amount: '-10000.00' });
    const bonuses = (
      await get(musa.headers, '/api/me/wallet-history?kind=activities,graduating&pageSize=100')
    ).json();
    const completed = plan.stages.slice(0, 3);
    expect(bonuses.items.map((i: Line) => i.kind).sort()).toEqual([
      ...completed.filter((s) => s.activitiesKobo > 0).map(() => 'activities'),
      ...completed.filter((s) => s.graduatingKobo > 0).map(() => 'graduating'),
    ]);
    expect(bonuses.total).toBe(5);
  }, 120_000);

  it('Referral Node counts the whole subtree, however deep, and the stage window counts what the current stage needs', async () => {
    // Each sponsors the next: a chain five levels deep under Welcome Back, whose stages look four levels down.
    const chain = [await paidMember(ctx.app, 'welcomeback', { fullName: 'Chain Zero' })];
    for (let i = 1; i <= 5; i++)
      chain.push(
        await paidMember(ctx.app, 'welcomeback', {
          fullName: `Chain Link${i}`,
          sponsorAccountId: chain[i - 1]!.account.id,
        }),
      );
    expect(getPlan('welcomeback').stages.length).toBe(4);
    const top = (await get(chain[0]!.headers, '/api/me')).json();
    expect(top).toMatchObject({
      referralNode: 5,
      referralCount: 1,
      stage: 0,
      stageWindow: { levels: 1, positions: 1, places: 2 },
    });

    const kemi = await paidMember(ctx.app, 'main', { fullName: 'Kemi Ade' });
    await paidReferrals(ctx.app, 'main', kemi.account.id, 6);
    const me = (await get(kemi.headers, '/api/me')).json();
    // Honourable (stage 2) is completed with levels 1..3 full: 2 + 4 + 8 places, 6 of them filled.
    expect(me).toMatchObject({
      stage: 2,
      referralNode: 6,
      stageWindow: { levels: 3, positions: 6, places: 14 },
    });
  }, 120_000);

  it('shows the member’s matrix with short names, stage, join date and the next level’s empty places', async () => {
    const ada = await paidMember(ctx.app, 'welcomeback', { fullName: 'Ada Obi' });
    const bola = await paidMember(ctx.app, 'welcomeback', {
      fullName: 'Bola Ade',
      sponsorAccountId: ada.account.id,
    });
    await paidMember(ctx.app, 'welcomeback', { fullName: 'chidi eze', sponsorAccountId: ada.account.id });
    const grandchild = await paidMember(ctx.app, 'welcomeback', {
      fullName: 'Dayo',
      sponsorAccountId: bola.account.id,
    });

    const view = (await get(ada.headers, '/api/me/matrix?levels=2')).json();
    expect(view).toMatchObject({
      paid: true,
      rootPositionId: ada.positionId,
      levels: 2,
      nextLevel: { level: 2, emptyPlaces: 3 },
    });
    expect(
      view.nodes.map(
        (n: { name: string; initials: string; level: number; stageName: string; slot: number | null }) => [
          n.name,
          n.initials,
          n.level,
          n.level === 0 ? null : n.slot,
          n.stageName,
        ],
      ),
    ).toEqual([
      ['Ada O.', 'AO', 0, null, 'Participant'],
      ['Bola A.', 'BA', 1, 0, 'Welcome'],
      ['Chidi E.', 'CE', 1, 1, 'Welcome'],
      ['Dayo', 'D', 2, 0, 'Welcome'],
    ]);
    const dayo = view.nodes.find((n: { positionId: number }) => n.positionId === grandchild.positionId);
    expect(dayo.parentId).toBe(bola.positionId);
    expect(Date.parse(dayo.joinedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(view.nodes[1].hasChildren).toBe(true);
    // No full names, emails or account ids of the people in it.
    expect(JSON.stringify(view)).not.toContain('Ade"');
    expect(JSON.stringify(view)).not.toContain('@');

    const one = (await get(ada.headers, '/api/me/matrix?levels=1')).json();
    expect(one.nodes).toHaveLength(3);

    const unpaid = await createTestAccount(ctx.app, { programme: 'welcomeback' });
    expect((await get(await signInAs(ctx.app, unpaid.id), '/api/me/matrix')).json()).toEqual({
      paid: false,
      rootPositionId: null,
      levels: 3,
      nextLevel: null,
      nodes: [],
    });
  });

  it('finds people in the member’s own downline by first name or surname, and nobody outside it', async () => {
    const ada = await paidMember(ctx.app, 'main', { fullName: 'Ada Search' });
    const bola = await paidMember(ctx.app, 'main', {
      fullName: 'Bola Okafor',
      sponsorAccountId: ada.account.id,
    });
    await paidMember(ctx.app, 'main', { fullName: 'Okon Umoh', sponsorAccountId: bola.account.id });
    await paidMember(ctx.app, 'main', { fullName: 'Okafor Outsider' });

    const found = (await get(ada.headers, '/api/me/matrix/search?name=oka')).json();
    expect(found.people).toMatchObject([
      { name: 'Bola O.', level: 1, stageName: 'Welcome', positionId: bola.positionId },
    ]);
    const ok = (await get(ada.headers, '/api/me/matrix/search?name=OK')).json();
    expect(ok.people.map((p: { name: string }) => p.name)).toEqual(['Bola O.', 'Okon U.']);
    expect((await get(ada.headers, '/api/me/matrix/search?name=%25')).json().people).toEqual([]);
    expect((await get(ada.headers, '/api/me/matrix/search?name=')).statusCode).toBe(400);
  });

  it('keeps the wallet page and the matrix a member has seen until a referral, a name or an erasure moves them; rolled-back work moves nothing', async () => {
    const ngozi = await paidMember(ctx.app, 'main', { fullName: 'Ngozi Uba' });
    const tunde = await paidMember(ctx.app, 'main', {
      fullName: 'Tunde Bello',
      sponsorAccountId: ngozi.account.id,
    });
    const seen = async () => {
      const wallet = (await get(ngozi.headers, '/api/me/wallet-history')).json();
      const matrix = (await get(ngozi.headers, '/api/me/matrix')).json();
      return {
        from: wallet.items.map((i: Line) => i.from),
        names: matrix.nodes.map((n: { name: string }) => n.name),
      };
    };
    const version = async () =>
      Number(
        (await queryRows<{ version: string }>(ctx.app.db, sql`select version from matrix_version`))[0]!
          .version,
      );
    expect(await seen()).toEqual({ from: ['Tunde B.'], names: ['Ngozi U.', 'Tunde B.'] });
    // Asked again with nothing changed: the same answer (the server's kept one).
    expect(await seen()).toEqual({ from: ['Tunde B.'], names: ['Ngozi U.', 'Tunde B.'] });

    const rename = sql`update accounts set full_name = 'Tunde Okafor' where id = ${tunde.account.id}`;
    const before = await version();
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await tx.execute(rename);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(before);
    await ctx.app.db.execute(sql`update accounts set phone = '08030000000' where id = ${tunde.account.id}`);
    expect(await version()).toBe(before);
    expect(await seen()).toEqual({ from: ['Tunde B.'], names: ['Ngozi U.', 'Tunde B.'] });

    await ctx.app.db.execute(rename);
    expect(await version()).toBe(before + 1);
    expect(await seen()).toEqual({ from: ['Tunde O.'], names: ['Ngozi U.', 'Tunde O.'] });

    // A second referral: a new line in the wallet and a new person in the matrix; the version grows once for the
    // whole activation, however many positions it updated.
    const versionBefore = await version();
    await paidMember(ctx.app, 'main', { fullName: 'Amaka Nwosu', sponsorAccountId: ngozi.account.id });
    expect(await version()).toBe(versionBefore + 1);
    const after = await seen();
    // Her payment fills Ngozi's first level: the graduating bonus (from nobody) and the referral bonus, newest first.
    expect(after.from).toEqual([null, 'Amaka N.', 'Tunde O.']);
    expect(after.names).toEqual(['Ngozi U.', 'Tunde O.', 'Amaka N.']);

    await ctx.app.db.execute(sql`update accounts set erased_at = now() where id = ${tunde.account.id}`);
    expect((await seen()).names).toEqual(['Ngozi U.', 'Former member', 'Amaka N.']);
  });
});
