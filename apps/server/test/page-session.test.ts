import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageSessionOf } from '../src/modules/sessions/page-session';
import { useTestApp } from './app';
import { bearer, confirmedAccount, logIn } from './auth-kit';
import { describeEachDatabase } from './databases';

/** A page's GET as the page renderer sees it: only its cookies matter here. */
const pageRequest = (cookies: Record<string, string>) => ({ cookies }) as unknown as FastifyRequest;

describeEachDatabase('the page cookie (decision 0037)', (database) => {
  const ctx = useTestApp(database);

  describe.each(['main', 'welcomeback'] as const)('%s', (programme) => {
    const cookieName = programme === 'main' ? 'page_main' : 'page_welcomeback';
    const otherName = programme === 'main' ? 'page_welcomeback' : 'page_main';
    const other = programme === 'main' ? 'welcomeback' : 'main';

    it('is set with the session (every path, httpOnly, Strict), names its member while it lives, and nothing after sign-out', async () => {
      const account = await confirmedAccount(ctx.app, programme, { fullName: 'Kemi Paged' });
      const login = await logIn(ctx.app, programme, account.email, account.password);
      const cookie = login.cookies.find((c) => c.name === cookieName)!;
      expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict' });

      const session = await pageSessionOf(
        ctx.app.db,
        ctx.app.config,
        pageRequest({ [cookieName]: cookie.value }),
        programme,
      );
      expect(session?.user).toMatchObject({ email: account.email, fullName: 'Kemi Paged', programme });
      // The token it gives the server's own reads is the member's: the API answers it as them.
      const me = await ctx.app.inject({
        method: 'GET',
        url: `/api/me?programme=${programme}`,
        headers: bearer(session!.token),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ fullName: 'Kemi Paged' });

      // Only this programme's pages, only as this server signed it.
      expect(
        await pageSessionOf(ctx.app.db, ctx.app.config, pageRequest({ [otherName]: cookie.value }), other),
      ).toBeNull();
      const [id] = cookie.value.split('.');
      expect(
        await pageSessionOf(
          ctx.app.db,
          ctx.app.config,
          pageRequest({ [cookieName]: `${id}.${'A'.repeat(43)}` }),
          programme,
        ),
      ).toBeNull();
      expect(
        await pageSessionOf(ctx.app.db, ctx.app.config, pageRequest({ [cookieName]: `${id}` }), programme),
      ).toBeNull();
      expect(await pageSessionOf(ctx.app.db, ctx.app.config, pageRequest({}), programme)).toBeNull();

      const out = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(login.json().token as string),
        payload: { programme },
      });
      expect(out.statusCode).toBe(200);
      const cleared = out.cookies.find((c) => c.name === cookieName);
      expect(cleared).toMatchObject({ value: '', path: '/' });
      expect(
        await pageSessionOf(
          ctx.app.db,
          ctx.app.config,
          pageRequest({ [cookieName]: cookie.value }),
          programme,
        ),
      ).toBeNull();
    });
  });

  it('names no administrator: their pages stay with the browser, behind the second factor', async () => {
    const account = await confirmedAccount(ctx.app, 'main');
    const asMember = await logIn(ctx.app, 'main', account.email, account.password);
    const cookie = asMember.cookies.find((c) => c.name === 'page_main')!;
    expect(
      await pageSessionOf(ctx.app.db, ctx.app.config, pageRequest({ page_main: cookie.value }), 'main'),
    ).not.toBeNull();
    // Made an administrator: the member's page cookie names nobody now, and an administrator's sign-in sets none.
    await ctx.app.db.execute(sql`update accounts set role = 'admin' where email = ${account.email}`);
    expect(
      await pageSessionOf(ctx.app.db, ctx.app.config, pageRequest({ page_main: cookie.value }), 'main'),
    ).toBeNull();
    // The test platform does not require the second factor, so the administrator's Main sign-in opens a session.
    const asAdmin = await logIn(ctx.app, 'main', account.email, account.password);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.cookies.map((c) => c.name)).toEqual(['refresh_main']);
  });
});
