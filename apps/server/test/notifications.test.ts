import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { describeEachDatabase, openTestPglite } from './databases';
import { createTestAccount, signInAs } from './accounts-kit';
import { outboxOf, otherInstanceWorker, payingMember, queueStatuses } from './notifications-kit';
import { useListeningApp } from './payments-kit';

describeEachDatabase('notifications: a sponsor whose two referrals pay', (database) => {
  // The worker is off while the events happen, as on an instance that died before sending.
  const ctx = useListeningApp(database, { MAIL_WORKER: 'off' });

  it('queues a receipt, two referral bonuses and a promotion in the events’ transactions; two workers then send each exactly once', async () => {
    const sponsor = await payingMember(ctx, { fullName: 'Ada Sponsor' });
    const first = await payingMember(ctx, { fullName: 'Bola Friend', sponsorAccountId: sponsor.account.id });
    const second = await payingMember(ctx, {
      fullName: 'Chidi Friend',
      sponsorAccountId: sponsor.account.id,
    });
    const email = sponsor.account.email;

    expect(ctx.app.mailWorker.running).toBe(false);
    expect(await outboxOf(ctx.app, email)).toEqual([]);
    expect(await queueStatuses(ctx.app, email)).toEqual([{ status: 'queued', n: 4 }]);

    // Two instances' workers, one mail per claim, racing on the same queue.
    const a = otherInstanceWorker(ctx.app, 'instance-a');
    const b = otherInstanceWorker(ctx.app, 'instance-b');
    const [sentByA, sentByB] = await Promise.all([a.drain(), b.drain()]);
    expect(sentByA + sentByB).toBe(6); // the three payers' receipts, the sponsor's two bonuses and promotion
    expect(await queueStatuses(ctx.app, email)).toEqual([{ status: 'sent', n: 4 }]);
    expect(await Promise.all([a.drain(), b.drain(), ctx.app.mailWorker.drain()])).toEqual([0, 0, 0]);

    // Two workers interleave, so the outbox's order is theirs: the mails are told apart by what they say.
    const mails = await outboxOf(ctx.app, email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Payment received: ₦50,000',
      'Referral bonus credited: ₦10,000',
      'Referral bonus credited: ₦10,000',
      'You reached Associate',
    ]);
    const receipt = mails.find((m) => m.subject.startsWith('Payment received'))!;
    const promotion = mails.find((m) => m.subject === 'You reached Associate')!;
    const bonuses = mails.filter((m) => m.subject.startsWith('Referral bonus'));
    const bonus1 = bonuses.find((m) => m.text.includes('Referral bonus from Bola Friend'))!;
    const bonus2 = bonuses.find((m) => m.text.includes('Referral bonus from Chidi Friend'))!;
    expect(bonus1).toBeDefined();
    expect(bonus2).toBeDefined();
    expect(receipt.text).toContain(sponsor.reference);
    expect(receipt.text).toContain('₦50,000');
    for (const bonus of [bonus1, bonus2]) expect(bonus.text).toContain('₦10,000');
    expect(promotion.text).toContain('Graduating bonus for Welcome (stage 0)');
    expect(promotion.text).toContain('₦10,000');
    expect(promotion.text).toMatch(/Next: .*to complete Associate/);
    for (const mail of mails) {
      expect(mail.html).toContain('<html');
      expect(mail.links.some((l) => l.startsWith(`${ctx.url}/main`))).toBe(true);
    }
    expect(promotion.links).toContain(`${ctx.url}/maindashboard`);
    expect(bonus1.links).toContain(`${ctx.url}/mainwallet`);

    // The friends got their own receipts, once each.
    for (const friend of [first, second])
      expect((await outboxOf(ctx.app, friend.account.email)).map((m) => m.subject)).toEqual([
        'Payment received: ₦50,000',
      ]);

    // The member area lists the same events, newest first, unread until opened.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/notifications',
      headers: sponsor.headers,
    });
    expect(list.json().unread).toBe(4);
    expect(list.json().items.map((n: { title: string }) => n.title)).toEqual([
      'You reached Associate',
      'Referral bonus credited: ₦10,000',
      'Referral bonus credited: ₦10,000',
      'Payment received: ₦50,000',
    ]);
    const newest = list.json().items[0].id as number;
    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/notifications/read',
      headers: sponsor.headers,
      payload: { upToId: newest },
    });
    expect(read.json()).toEqual({ unread: 0 });
  });

  it('leaves out the mails of a category the member turned off, but never the security mails', async () => {
    const member = await payingMember(ctx, { fullName: 'Dayo Quiet' });
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/mail-settings',
      headers: member.headers,
    });
    expect(
      settings.json().settings.find((s: { category: string }) => s.category === 'security'),
    ).toMatchObject({ enabled: true, locked: true });
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/mail-settings',
      headers: member.headers,
      payload: { category: 'bonuses', enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().settings.find((s: { category: string }) => s.category === 'bonuses').enabled).toBe(
      false,
    );
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/mail-settings',
      headers: member.headers,
      payload: { category: 'security', enabled: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This kind of mail cannot be turned off.');

    await payingMember(ctx, { fullName: 'Efe Friend', sponsorAccountId: member.account.id });
    const password = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: member.headers,
      payload: {
        currentPassword: 'a good password',
        password: 'another good password',
        confirmPassword: 'another good password',
      },
    });
    expect(password.statusCode).toBe(200);
    await ctx.app.mailWorker.drain();
    const subjects = (await outboxOf(ctx.app, member.account.email)).map((m) => m.subject);
    expect(subjects.sort()).toEqual(['Payment received: ₦50,000', 'Your password was changed']);
    const titles = (
      await ctx.app.inject({ method: 'GET', url: '/api/me/notifications', headers: member.headers })
    )
      .json()
      .items.map((n: { title: string }) => n.title);
    expect(titles).toEqual([
      'Your password was changed',
      'Referral bonus credited: ₦10,000',
      'Payment received: ₦50,000',
    ]);
  });
});

describeEachDatabase('notifications: suspension and reinstatement', (database) => {
  const ctx = useListeningApp(database, { MAIL_WORKER: 'off' });

  it('mails both, with the reason, even to a member who turned every other mail off', async () => {
    const member = await payingMember(ctx, { fullName: 'Gbenga Paused' });
    for (const category of ['payments', 'bonuses', 'awards', 'payouts', 'grants'])
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: '/api/me/mail-settings',
            headers: member.headers,
            payload: { category, enabled: false },
          })
        ).statusCode,
      ).toBe(200);
    const admin = await signInAs(
      ctx.app,
      (await createTestAccount(ctx.app, { role: 'admin', fullName: 'Review Admin' })).id,
    );
    const act = (what: string, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/members/${member.account.id}/${what}`,
        headers: admin,
        payload,
      });
    expect(
      (await act('suspend', { reason: 'breach_of_terms', note: 'Sold places in the matrix on a forum' }))
        .statusCode,
    ).toBe(200);
    expect((await act('reinstate', { note: 'Explained and apologised' })).statusCode).toBe(200);
    await ctx.app.mailWorker.drain();
    const mails = await outboxOf(ctx.app, member.account.email);
    const suspended = mails.find((m) => m.subject === 'Your account was suspended')!;
    expect(suspended.text).toContain('suspended because of a breach of the terms and conditions.');
    expect(suspended.text).not.toContain('Sold places'); // the administrator's note stays in the record
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Payment received: ₦50,000',
      'Your account was reinstated',
      'Your account was suspended',
    ]);
    const kinds = await queryRows<{ kind: string }>(
      ctx.app.db,
      sql`select kind from notifications where account_id = ${member.account.id} order by id`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['payment_received', 'account_suspended', 'account_reinstated']);
  });
});

describe('the mail queue rows', () => {
  it('are never sent from a rolled-back transaction', async () => {
    const { enqueueMail } = await import('../src/modules/notifications/mail-queue');
    const database = await openTestPglite();
    try {
      await database.db
        .transaction(async (tx) => {
          await enqueueMail(tx, 'ghost@example.com', {
            template: 'confirm_email',
            data: { name: 'Ghost', programme: 'main', token: 'x'.repeat(32) },
          });
          throw new Error('the event failed');
        })
        .catch(() => {});
      expect(await queryRows(database.db, sql`select id from mail_queue`)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
