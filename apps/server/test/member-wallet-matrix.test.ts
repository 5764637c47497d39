import { mainPlan, toNairaString } from '@coop/core';
import { expect, it } from 'vitest';
import { useTestApp } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { paidMember } from './member-test-kit';

describeEachDatabase('member wallet history and matrix view', (database) => {
  const ctx = useTestApp(database);
  const get = (headers: Record<string, string>, url: string) => ctx.app.inject({ method: 'GET', url, headers });

  it('lists each credit with its reason, newest first, paged', async () => {
    const ada = await paidMember(ctx.app, 'main', { fullName: 'Ada Obi' });
    await paidMember(ctx.app, 'main', { fullName: 'Bola Ade', sponsorAccountId: ada.account.id });
    await paidMember(ctx.app, 'main', { fullName: 'Chidi Eze', sponsorAccountId: ada.account.id });

    const first = (await get(ada.headers, '/api/me/wallet-history?pageSize=2')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    const second = (await get(ada.headers, '/api/me/wallet-history?pageSize=2&page=2')).json();
    const items = [...first.items, ...second.items];
    expect(items.map((i: { reason: string; amount: string }) => [i.reason, i.amount])).toEqual([
      ['Graduating bonus for completing Welcome (stage 0)', toNairaString(mainPlan.stages[0]!.graduatingKobo)],
      ['Referral bonus from Chidi Eze', toNairaString(mainPlan.referralBonusKobo)],
      ['Referral bonus from Bola Ade', toNairaString(mainPlan.referralBonusKobo)],
    ]);
    expect(new Set(items.map((i: { id: number }) => i.id)).size).toBe(3);
    const bad = await get(ada.headers, '/api/me/wallet-history?pageSize=1000');
    expect(bad.statusCode).toBe(400);
  });

  it('shows the member’s matrix with initials, stage and join date, and says so when unpaid', async () => {
    const ada = await paidMember(ctx.app, 'welcomeback', { fullName: 'Ada Obi' });
    const bola = await paidMember(ctx.app, 'welcomeback', { fullName: 'Bola Ade', sponsorAccountId: ada.account.id });
    await paidMember(ctx.app, 'welcomeback', { fullName: 'chidi eze', sponsorAccountId: ada.account.id });
    const grandchild = await paidMember(ctx.app, 'welcomeback', { fullName: 'Dayo', sponsorAccountId: bola.account.id });

    const view = (await get(ada.headers, '/api/me/matrix?levels=2')).json();
    expect(view).toMatchObject({ paid: true, rootPositionId: ada.positionId, levels: 2 });
    expect(view.nodes.map((n: { initials: string; level: number; stageName: string; slot: number | null }) => [n.initials, n.level, n.slot, n.stageName])).toEqual([
      ['AO', 0, 0, 'Participant'],
      ['BA', 1, 0, 'Welcome'],
      ['CE', 1, 1, 'Welcome'],
      ['D', 2, 0, 'Welcome'],
    ]);
    const dayo = view.nodes.find((n: { positionId: number }) => n.positionId === grandchild.positionId);
    expect(dayo.parentId).toBe(bola.positionId);
    expect(Date.parse(dayo.joinedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(view.nodes[1].hasChildren).toBe(true);
    // No names, emails or ids of people beyond initials.
    expect(JSON.stringify(view)).not.toContain('Bola');

    const one = (await get(ada.headers, '/api/me/matrix?levels=1')).json();
    expect(one.nodes).toHaveLength(3);

    const unpaid = await createTestAccount(ctx.app, { programme: 'welcomeback' });
    expect((await get(await signInAs(ctx.app, unpaid.id), '/api/me/matrix')).json()).toEqual({ paid: false, rootPositionId: null, levels: 3, nodes: [] });
  });
});
