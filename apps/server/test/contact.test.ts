import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { someAddress, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';

describeEachDatabase('contact messages', (database) => {
  const ctx = useTestApp(database);
  const send = (payload: Record<string, unknown>, remoteAddress = someAddress()) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/sendContact', payload, remoteAddress });

  it('stores a message sent without signing in', async () => {
    const email = uniqueEmail('visitor');
    const res = await send({
      name: ' Bola Ade ',
      email: email.toUpperCase(),
      message: 'When is the next payout day?',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      status: 201,
      message: 'Your message has been sent. We will reply by email.',
    });
    const rows = await queryRows<{ name: string; email: string; message: string }>(
      ctx.app.db,
      sql`select name, email, message from contact_messages where email = ${email}`,
    );
    expect(rows).toEqual([{ name: 'Bola Ade', email, message: 'When is the next payout day?' }]);
  });

  it('needs a name, a valid email and a message, each of capped length', async () => {
    const good = { name: 'Bola', email: uniqueEmail(), message: 'Hello' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'Enter your name'],
      [{ name: 'x'.repeat(101) }, 'Use at most 100 characters'],
      [{ email: '' }, 'Enter an email address'],
      [{ email: 'bola-at-example' }, 'Enter a valid email address'],
      [{ message: '   ' }, 'Enter a message'],
      [{ message: 'x'.repeat(2001) }, 'Use at most 2000 characters'],
    ];
    for (const [change, message] of cases) {
      const res = await send({ ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const { message: _m, ...missing } = good;
    expect((await send(missing)).json().message).toBe('Enter a message');
    const rows = await queryRows(
      ctx.app.db,
      sql`select id from contact_messages where email = ${good.email}`,
    );
    expect(rows).toHaveLength(0);
  });

  it('limits sending per address and per email with a clear 429', async () => {
    const address = someAddress();
    for (let i = 0; i < 5; i++)
      expect((await send({ name: 'Spam', email: uniqueEmail(), message: `m${i}` }, address)).statusCode).toBe(
        201,
      );
    const limited = await send({ name: 'Spam', email: uniqueEmail(), message: 'again' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/,
    );
    expect(limited.headers['retry-after']).toBeDefined();

    const email = uniqueEmail('repeat');
    for (let i = 0; i < 5; i++)
      expect((await send({ name: 'Repeat', email, message: `m${i}` })).statusCode).toBe(201);
    expect((await send({ name: 'Repeat', email, message: 'sixth' })).statusCode).toBe(429);
    const stored = await queryRows(ctx.app.db, sql`select id from contact_messages where email = ${email}`);
    expect(stored).toHaveLength(5);
  });

  it('lists messages newest first, a page at a time, to administrators only', async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin' });
    const member = await createTestAccount(ctx.app);
    const tag = uniqueEmail('page');
    for (let i = 1; i <= 3; i++)
      expect(
        (await send({ name: `Writer ${i}`, email: tag, message: `number ${i}` }, someAddress())).statusCode,
      ).toBe(201);

    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages?page=1&pageSize=2',
      headers: await signInAs(ctx.app, admin.id),
    });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(2);
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({ name: 'Writer 3', email: tag, message: 'number 3', readAt: null });
    expect(body.items[1].name).toBe('Writer 2');
    expect(body.total).toBeGreaterThanOrEqual(3);

    const second = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages?page=2&pageSize=2',
      headers: await signInAs(ctx.app, admin.id),
    });
    expect(second.json().items[0].name).toBe('Writer 1');

    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages?pageSize=500',
      headers: await signInAs(ctx.app, admin.id),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('pageSize must be a whole number from 1 to 100');

    const asMember = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages',
      headers: await signInAs(ctx.app, member.id),
    });
    expect(asMember.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/contact-messages' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a message by mail from the inbox, keeps the reply, closes it, with age against the 14-day promise, audited', async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin' });
    const headers = await signInAs(ctx.app, admin.id);
    const email = uniqueEmail('asker');
    expect((await send({ name: 'Ngozi <b>', email, message: 'Where is my bonus?' })).statusCode).toBe(201);
    const [row] = await queryRows<{ id: string }>(
      ctx.app.db,
      sql`select id from contact_messages where email = ${email}`,
    );
    const id = Number(row!.id);
    // An older message, 11 days waiting: highlighted, 3 days left of the promise.
    await ctx.app.db.execute(
      sql`insert into contact_messages (name, email, message, created_at) values ('Old', ${email}, 'old one', now() - interval '11 days 1 hour')`,
    );

    const list = async (state = 'open') =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/admin/contact-messages?state=${state}&pageSize=100`,
          headers,
        })
      )
        .json()
        .items.filter((m: { email: string }) => m.email === email);
    const open = await list();
    expect(
      open.map((m: { message: string; ageDays: number; daysLeft: number; highlighted: boolean }) => [
        m.message,
        m.ageDays,
        m.daysLeft,
        m.highlighted,
      ]),
    ).toEqual([
      ['Where is my bonus?', 0, 14, false],
      ['old one', 11, 3, true],
    ]);

    const reply = (payload: Record<string, unknown>, target = id) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/contact-messages/${target}/reply`,
        headers,
        payload,
      });
    expect((await reply({ reply: '   ' })).json().message).toBe('Write the reply');
    const sent = await reply({ reply: 'It was paid on the 25th.\n\nRegards' });
    expect(sent.statusCode, sent.body).toBe(201);
    const mails = (await ctx.app.inject({ method: 'GET', url: `/api/dev/mail?to=${email}` })).json();
    expect(mails[0].subject).toMatch(/^Re: your message to /);
    expect(mails[0].text).toContain('It was paid on the 25th.');
    expect(mails[0].text).toContain('Where is my bonus?');
    expect(mails[0].html).toContain('Ngozi &lt;b&gt;');

    const [answered] = await list('answered');
    expect(answered).toMatchObject({ state: 'answered', daysLeft: null, highlighted: false, overdue: false });
    expect(answered.replies).toEqual([
      expect.objectContaining({ body: 'It was paid on the 25th.\n\nRegards', sentBy: admin.id }),
    ]);

    const close = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/contact-messages/${id}/close`,
      headers,
    });
    expect(close.statusCode).toBe(200);
    expect((await list('closed'))[0]).toMatchObject({ state: 'closed' });
    const again = await reply({ reply: 'one more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This message is closed: it cannot be answered from the inbox');
    expect((await reply({ reply: 'x' }, 999_999)).statusCode).toBe(404);

    const audit = await queryRows<{ action: string }>(
      ctx.app.db,
      sql`select action from audit_log where actor_account_id = ${admin.id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['contact_reply', 'contact_close']);
    const member = await createTestAccount(ctx.app);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/contact-messages/${id}/close`,
          headers: await signInAs(ctx.app, member.id),
        })
      ).statusCode,
    ).toBe(403);
  });
});
