import { getPlan, mainPlan, nairaToKobo as n, toNairaString, welcomeBackPlan } from '@coop/core';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/rows';
import { recordAwards } from '../src/modules/engine/benefit-postings';
import { toPosition, type RawPosition } from '../src/modules/engine/position-store';
import { useTestApp } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { paidMember, paidReferrals } from './member-test-kit';

const naira = toNairaString;

describeEachDatabase('member dashboard', (database) => {
  const ctx = useTestApp(database);
  const get = async (headers: Record<string, string>, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('an unpaid account is told it is not yet a member, with zero figures and no progress', async () => {
    const account = await createTestAccount(ctx.app, { programme: 'main', fullName: 'Ngozi Okafor' });
    const res = await get(await signInAs(ctx.app, account.id), '/api/me?programme=main');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      programme: 'main',
      fullName: 'Ngozi Okafor',
      paid: false,
      stageName: 'Not yet a member',
      wallet: '0.00',
      referralCount: 0,
      referralNode: 0,
      progress: null,
      grantEligible: false,
    });
  });

  it('Main: a sponsor with two paid friends is Associate with both referral bonuses and the Welcome graduating bonus', async () => {
    const sponsor = await paidMember(ctx.app, 'main', { fullName: 'Ada Obi' });
    const [first, second] = await paidReferrals(ctx.app, 'main', sponsor.account.id, 2);
    const referralKobo = 2 * mainPlan.referralBonusKobo;
    const graduatingKobo = mainPlan.stages[0]!.graduatingKobo;
    expect(referralKobo + graduatingKobo).toBe(n(30_000));

    const res = await get(sponsor.headers, '/api/me');
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      programme: 'main',
      paid: true,
      stage: 1,
      status: 'Associate',
      stageName: 'Associate',
      wallet: naira(referralKobo + graduatingKobo),
      earnedBonus: naira(referralKobo),
      graduatingBonus: naira(graduatingKobo),
      mbbpil_social_club: '0.00',
      gift: '0.00',
      laptop_award_or_equivalent: '0.00',
      car_award: '0.00',
      housing_award: '0.00',
      suv_award: '0.00',
      referralCount: 2,
      referralNode: 2,
      transaction_counts: 3,
      awards: [],
    });
    // Honourable needs levels 1 and 2 full (2 + 4 places) and 4 direct referrals.
    expect(me.progress).toMatchObject({
      stage: 1,
      nextStage: 2,
      nextStageName: 'Honourable',
      missingPlaces: 4,
      missingDirectReferrals: 2,
    });
    expect(me.progress.summary).toBe(
      '2 more direct referrals and 4 more places in your matrix to complete Associate.',
    );

    for (const friend of [first!, second!]) {
      const theirs = (await get(friend.headers, '/api/me')).json();
      expect(theirs).toMatchObject({ stage: 0, status: 'Welcome', wallet: '0.00', referralCount: 0 });
      expect(theirs.progress.summary).toBe(
        '2 more direct referrals and 2 more places in your matrix to complete Welcome.',
      );
    }
  });

  it('Welcome Back: the same journey gives N3,000 and stage Participant, under the Welcome Back names', async () => {
    const sponsor = await paidMember(ctx.app, 'welcomeback', { fullName: 'Tunde Bello' });
    await paidReferrals(ctx.app, 'welcomeback', sponsor.account.id, 2);
    const referralKobo = 2 * welcomeBackPlan.referralBonusKobo;
    const graduatingKobo = welcomeBackPlan.stages[0]!.graduatingKobo;
    const me = (await get(sponsor.headers, '/api/me?programme=welcomeback')).json();
    expect(me).toMatchObject({
      programme: 'welcomeback',
      status: 'Participant',
      wallet: naira(referralKobo + graduatingKobo),
      matrixBonus: naira(referralKobo),
      graduatingBonus: naira(graduatingKobo),
      thankYouBonus: '0.00',
      laptopAward: '0.00',
      Award: '0.00',
      referralCount: 2,
      referralNode: 2,
      finished: false,
      grantEligible: false,
    });
    expect(me.wallet).toBe('3000.00');
    expect(me).not.toHaveProperty('earnedBonus');
  });

  it('Main stage 2 (Honourable): Associate’s activities and graduating bonuses, and no award before Honourable is completed', async () => {
    const sponsor = await paidMember(ctx.app, 'main', { fullName: 'Kemi Ade' });
    await paidReferrals(ctx.app, 'main', sponsor.account.id, 6);
    const plan = getPlan('main');
    const [welcome, associate] = plan.stages;
    const cashKobo =
      2 * plan.referralBonusKobo +
      welcome!.graduatingKobo +
      associate!.activitiesKobo +
      associate!.graduatingKobo;
    const me = (await get(sponsor.headers, '/api/me')).json();
    expect(me).toMatchObject({ stage: 2, status: 'Honourable', referralCount: 6, referralNode: 6 });
    expect(me.wallet).toBe(naira(cashKobo));
    expect(me.wallet).toBe('130000.00');
    expect(me.earnedBonus).toBe(naira(2 * plan.referralBonusKobo + associate!.activitiesKobo));
    expect(me.graduatingBonus).toBe(naira(welcome!.graduatingKobo + associate!.graduatingKobo));

    const awards = (await get(sponsor.headers, '/api/me/awards')).json().awards;
    expect(awards).toEqual([]);
  });

  it('awards: completing Honourable records the laptop award as pending, never in the wallet', async () => {
    const sponsor = await paidMember(ctx.app, 'main', { fullName: 'Musa Idris' });
    await paidReferrals(ctx.app, 'main', sponsor.account.id, 14);
    const plan = getPlan('main');
    const me = (await get(sponsor.headers, '/api/me')).json();
    expect(me).toMatchObject({ stage: 3, status: 'Chairman', referralCount: 14, referralNode: 14 });
    const honourable = plan.stages[2]!;
    expect(me.laptop_award_or_equivalent).toBe(naira(honourable.awards[0]!.valueKobo));
    expect(me.healthFee).toBe(naira(plan.healthFee!.amountKobo));
    const cashKobo =
      2 * plan.referralBonusKobo +
      [0, 1, 2].reduce((sum, k) => sum + plan.stages[k]!.activitiesKobo + plan.stages[k]!.graduatingKobo, 0) -
      plan.healthFee!.amountKobo;
    expect(me.wallet).toBe(naira(cashKobo));
    const res = await get(sponsor.headers, '/api/me/awards');
    expect(res.statusCode).toBe(200);
    expect(res.json().awards).toMatchObject([
      { kind: 'laptop', label: 'Laptop award', stage: 2, value: '200000.00', status: 'pending' },
    ]);
  });

  it('answers from what it kept only while it is true: a changed phone shows at once, an upcoming award turns due on its date', async () => {
    const crown = await paidMember(ctx.app, 'main', { fullName: 'Kemi Crown' });
    const [position] = await queryRows<RawPosition>(
      ctx.app.db,
      sql`select * from positions where account_id = ${crown.account.id}`,
    );
    const award = getPlan('main').stages[6]!.awards.find((a) => a.kind === 'golden_crown_annual')!;
    await ctx.app.db.transaction((tx) =>
      recordAwards(
        tx,
        getPlan('main'),
        toPosition(position!),
        [1, 2].map((installment) => ({
          kind: award.kind,
          stage: 6,
          installment,
          valueKobo: award.valueKobo,
          description: award.label,
        })),
      ),
    );
    const me = async (headers = crown.headers) => (await get(headers, '/api/me')).json();
    const first = await me();
    expect(first.awards.map((a: { dueStatus: string }) => a.dueStatus)).toEqual(['due', 'upcoming']);
    expect((await me()).phone).toBe(first.phone);
    await ctx.app.db.execute(sql`update accounts set phone = '08039999999' where id = ${crown.account.id}`);
    expect((await me()).phone).toBe('08039999999');
    // Nothing in the database moves when a date passes: the kept answer must end by itself.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(first.awards[1].dueAt).getTime() + 1000);
      // A year on, the morning's access token has expired: a new one, the same server and what it kept.
      expect(
        (await me(await signInAs(ctx.app, crown.account.id))).awards.map(
          (a: { dueStatus: string }) => a.dueStatus,
        ),
      ).toEqual(['due', 'due']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describeEachDatabase('member dashboard after Thank You', (database) => {
  const ctx = useTestApp(database);

  it('a participant who finished Thank You has the Thank You bonus and award, and may register again', async () => {
    const plan = getPlan('welcomeback');
    const participant = await paidMember(ctx.app, 'welcomeback', { fullName: 'Tobi Finisher' });
    // Levels 1..4 full (2 + 4 + 8 + 16 places) with 8 direct referrals completes Thank You (stage 3).
    await paidReferrals(ctx.app, 'welcomeback', participant.account.id, 30);
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: participant.headers })).json();
    expect(me).toMatchObject({
      finished: true,
      stage: 4,
      status: plan.graduateTitle,
      referralNode: 30,
      referralCount: 30,
    });
    const thankYou = plan.stages[3]!;
    expect(me.thankYouBonus).toBe(toNairaString(thankYou.thankYouKobo));
    const cashKobo =
      2 * plan.referralBonusKobo +
      plan.stages.reduce((sum, s) => sum + s.activitiesKobo + s.graduatingKobo + s.thankYouKobo, 0);
    expect(me.wallet).toBe(toNairaString(cashKobo));
    expect(me.wallet).toBe('188000.00');
    expect(me.awards).toMatchObject([
      { kind: 'domestic_appliances', label: 'Domestic appliances gift', status: 'pending' },
    ]);
    expect(me.progress.nextStage).toBeNull();
  }, 120_000);
});
