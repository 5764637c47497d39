import { expect, it } from 'vitest';
import { useTestApp } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { paidMember, paidReferrals } from './member-test-kit';

describeEachDatabase('admin user look-ups', (database) => {
  const ctx = useTestApp(database);

  it('lists, searches and shows one user’s figures under the spec’s names', async () => {
    const admin = await createTestAccount(ctx.app, {
      programme: 'main',
      role: 'admin',
      fullName: 'The Admin',
    });
    const headers = await signInAs(ctx.app, admin.id);
    const ada = await paidMember(ctx.app, 'main', { fullName: 'Ada Searchable' });
    await paidReferrals(ctx.app, 'main', ada.account.id, 2);
    const wb = await paidMember(ctx.app, 'welcomeback', { fullName: 'Wale Participant' });

    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/viewMainUser?search=searchable', headers })
    ).json();
    expect(list).toMatchObject({
      page: 1,
      total: 1,
      mainUsers: [{ fullName: 'Ada Searchable', paid: true, status: 'Associate', stage: 1 }],
    });
    const all = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/viewMainUser?pageSize=2', headers })
    ).json();
    expect(all.total).toBe(4);
    expect(all.mainUsers).toHaveLength(2);
    expect(JSON.stringify(all)).not.toContain('password');
    const wildcard = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/viewMainUser?search=%25', headers })
    ).json();
    expect(wildcard.total).toBe(0);

    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/toViewUser/${ada.account.email.toUpperCase()}`,
      headers,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      fullName: 'Ada Searchable',
      email: ada.account.email,
      earnedBonus: '20000.00',
      graduatingBonus: '10000.00',
      car_award: '0.00',
      referralCount: 2,
      referralNode: 2,
      wallet: '30000.00',
    });
    expect(one.json().data).not.toHaveProperty('awards');

    const wbOne = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/toWelcomeBackUser/${wb.account.email}`,
      headers,
    });
    expect(wbOne.json().data).toMatchObject({
      fullName: 'Wale Participant',
      matrixBonus: '0.00',
      thankYouBonus: '0.00',
      status: 'Welcome',
    });

    const wrongProgramme = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/toViewUser/${wb.account.email}`,
      headers,
    });
    expect(wrongProgramme.statusCode).toBe(404);
    expect(wrongProgramme.json().message).toBe(`No Main user with the email ${wb.account.email}.`);
  });
});
