import { getPlan, toNairaString } from '@coop/core';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { recordAwards } from '../src/modules/engine/benefit-postings';
import { toPosition, type RawPosition } from '../src/modules/engine/position-store';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';
import { paidMember, paidReferrals } from './member-test-kit';

describeEachDatabase('admin awards', (database) => {
  const ctx = useTestApp(database);
  let admin: Record<string, string>;
  let adminEmail: string;
  let member: Awaited<ReturnType<typeof paidMember>>;

  beforeAll(async () => {
    const account = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Ada Admin' });
    adminEmail = account.email;
    admin = await signInAs(ctx.app, account.id);
    // 14 paid referrals complete Honourable (stage 2), whose award is the laptop: one pending entitlement.
    member = await paidMember(ctx.app, 'main', { fullName: 'Musa Idris' });
    await paidReferrals(ctx.app, 'main', member.account.id, 14);
  });

  const list = (query = '', headers = admin) =>
    ctx.app.inject({ method: 'GET', url: `/api/admin/awards${query}`, headers });
  const deliver = (id: number, headers = admin) =>
    ctx.app.inject({ method: 'PUT', url: `/api/admin/awards/${id}/delivered`, headers });
  const laptop = getPlan('main').stages[2]!.awards[0]!;

  it('lists the pending laptop award with its member, label and value', async () => {
    const res = await list('?status=pending');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    expect(res.json().items).toEqual([
      expect.objectContaining({
        programme: 'main',
        fullName: 'Musa Idris',
        email: member.account.email,
        kind: laptop.kind,
        label: laptop.label,
        stage: 2,
        installment: 1,
        value: toNairaString(laptop.valueKobo),
        status: 'pending',
        deliveredAt: null,
      }),
    ]);
    expect((await list('?status=delivered')).json()).toMatchObject({ total: 0, items: [] });
    expect((await list('?programme=welcomeback')).json()).toMatchObject({ total: 0, items: [] });
  });

  it('marks it delivered once, in the audit log; a second time is refused with its date; the member sees it delivered', async () => {
    const id = (await list('?status=pending')).json().items[0].id as number;
    const done = await deliver(id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id, status: 'delivered', deliveredAt: expect.any(String) });

    const again = await deliver(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: `This award was already marked delivered on ${done.json().deliveredAt.slice(0, 10)}`,
      code: 'award_already_delivered',
    });

    expect((await list('?status=pending')).json().total).toBe(0);
    expect((await list('?status=delivered')).json().items).toEqual([
      expect.objectContaining({ id, status: 'delivered' }),
    ]);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/me/awards', headers: member.headers });
    expect(mine.json().awards).toEqual([expect.objectContaining({ id, status: 'delivered' })]);

    const audit = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: admin })
    ).json().items;
    const entries = audit.filter((e: { action: string }) => e.action === 'award_delivered');
    expect(entries).toEqual([
      expect.objectContaining({
        actorEmail: adminEmail,
        targetEmail: member.account.email,
        details: expect.objectContaining({ awardId: id, kind: laptop.kind, valueKobo: laptop.valueKobo }),
      }),
    ]);
  });

  it('two administrators pressing at once: one delivers, the other is told it is done', async () => {
    const other = await paidMember(ctx.app, 'main', { fullName: 'Kemi Lawal' });
    await paidReferrals(ctx.app, 'main', other.account.id, 14);
    const id = (await list('?status=pending')).json().items[0].id as number;
    const second = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
    const answers = await Promise.all([deliver(id), deliver(id, second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('Golden Crown: five yearly installments with their due dates; only the one due can be delivered', async () => {
    const crownMember = await paidMember(ctx.app, 'main', { fullName: 'Chidi Crown' });
    const [position] = await queryRows<RawPosition>(
      ctx.app.db,
      sql`select * from positions where account_id = ${crownMember.account.id}`,
    );
    const crown = getPlan('main').stages[6]!.awards.find((a) => a.kind === 'golden_crown_annual')!;
    await ctx.app.db.transaction((tx) =>
      recordAwards(
        tx,
        getPlan('main'),
        toPosition(position!),
        [1, 2, 3, 4, 5].map((installment) => ({
          kind: crown.kind,
          stage: 6,
          installment,
          valueKobo: crown.valueKobo,
          description: crown.label,
        })),
      ),
    );
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/me/awards', headers: crownMember.headers })
    ).json().awards;
    expect(
      mine.map((a: { installment: number; value: string; dueStatus: string }) => [
        a.installment,
        a.value,
        a.dueStatus,
      ]),
    ).toEqual([
      [1, '10000000.00', 'due'],
      [2, '10000000.00', 'upcoming'],
      [3, '10000000.00', 'upcoming'],
      [4, '10000000.00', 'upcoming'],
      [5, '10000000.00', 'upcoming'],
    ]);
    const year = (iso: string) => Number(iso.slice(0, 4));
    expect(mine.map((a: { dueAt: string }) => year(a.dueAt) - year(mine[0].dueAt))).toEqual([0, 1, 2, 3, 4]);
    expect(mine.map((a: { dueAt: string }) => a.dueAt.slice(4))).toEqual(
      Array(5).fill(mine[0].dueAt.slice(4)),
    );

    const pending = (await list('?status=pending&pageSize=100'))
      .json()
      .items.filter((a: { kind: string }) => a.kind === crown.kind);
    expect(pending).toHaveLength(5);
    const second = pending.find((a: { installment: number }) => a.installment === 2);
    expect(second).toMatchObject({ dueStatus: 'upcoming', dueAt: mine[1].dueAt });
    const early = await deliver(second.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `This is installment 2 of the award: it falls due on ${mine[1].dueAt.slice(0, 10)} and can be delivered from then`,
    );
    const first = pending.find((a: { installment: number }) => a.installment === 1);
    expect((await deliver(first.id)).json()).toMatchObject({ status: 'delivered', dueStatus: 'delivered' });
  });

  it('refuses an unknown award, a member token and no token', async () => {
    const unknown = await deliver(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'There is no such award', code: 'award_not_found' });
    expect((await list('', member.headers)).statusCode).toBe(403);
    expect((await deliver(1, member.headers)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/awards' })).statusCode).toBe(401);
    expect((await list('?status=lost')).statusCode).toBe(400);
  });
});
