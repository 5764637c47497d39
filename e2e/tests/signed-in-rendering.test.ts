import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage } from '../support/browser';
import { MEMBER_PASSWORD, paidMember, signInOnMainPage, sponsorWithTwoFriends } from '../support/members';

const baseURL = inject('baseURL');

/** The page as the server sends it to a browser holding these cookies. */
async function pageWith(path: string, cookies: string) {
  const res = await fetch(baseURL + path, { headers: { cookie: cookies }, redirect: 'manual' });
  return { res, html: await res.text() };
}

const cookieHeader = async (context: BrowserContext, path: string) =>
  (await context.cookies(baseURL + path)).map((c) => `${c.name}=${c.value}`).join('; ');

/** Decision 0037: a member's page comes from the server drawn with their data, from the first HTML. */
describe('member pages drawn by the server with the member’s data', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('sends the dashboard, wallet and matrix with the member’s name and figures, privately; the browser asks for none of them again', async () => {
    const { sponsor } = await sponsorWithTwoFriends(baseURL, 'main', [
      'Ngozi Drawn',
      'Femi Firstfriend',
      'Gbenga Secondfriend',
    ]);
    context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const tab = await context.newPage();
    await signInOnMainPage(tab, baseURL, sponsor.email);

    const pageCookie = (await context.cookies(baseURL)).find((c) => c.name === 'page_main');
    expect(pageCookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict' });
    const cookies = await cookieHeader(context, '/maindashboard');

    const dashboard = await pageWith('/maindashboard', cookies);
    expect(dashboard.res.status).toBe(200);
    expect(dashboard.res.headers.get('cache-control')).toBe('private, no-store');
    expect(dashboard.html).toContain('WELCOME, Ngozi Drawn!');
    expect(dashboard.html).toContain('Wallet Summary');
    expect(dashboard.html).toContain('₦20,000');
    expect(dashboard.html).toContain('<script type="application/json" id="query-data">');
    expect(dashboard.html).not.toContain('aria-label="Loading this page"');
    // It takes taps before the browser has taken it over (decision 0053): no blanket block, the menu is a link to the
    // drawer, and what needs the script (sign-out) says so.
    expect(dashboard.html).toContain('<div id="root">');
    expect(dashboard.html).not.toContain('data-waits');
    expect(dashboard.html).toContain('href="#member-sidebar"');
    expect(dashboard.html).toMatch(/<button[^>]*data-needs-script/);

    const wallet = await pageWith('/mainwallet', cookies);
    expect(wallet.html).toMatch(/Referral bonus(<!-- -->)? from (<!-- -->)?Femi F\./);
    // Its times as the reader's browser would show them: in the zone it told the server (its tz cookie), else Lagos.
    const [line] = (
      JSON.parse(/id="query-data">([^<]*)</.exec(wallet.html)![1]!) as {
        queries: { queryKey: unknown[]; state: { data: { items?: { createdAt: string }[] } } }[];
      }
    ).queries.find((q) => q.queryKey[1] === 'wallet-history')!.state.data.items!;
    const at = (timeZone: string) =>
      new Intl.DateTimeFormat('en-NG', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      }).format(new Date(line!.createdAt));
    expect(at('Africa/Lagos')).not.toBe(at('America/New_York'));
    expect(
      (await pageWith('/mainwallet', `${cookies.replace(/(^|; )tz=[^;]*/, '')}; tz=America/New_York`)).html,
    ).toContain(at('America/New_York'));
    expect(
      (await pageWith('/mainwallet', `${cookies.replace(/(^|; )tz=[^;]*/, '')}; tz=Not/AZone`)).html,
    ).toContain(at('Africa/Lagos'));
    // The page's title goes in the document's head, as on the public pages.
    expect(wallet.html).toContain('<title>Wallet History | Cooperative</title></head>');
    const matrix = await pageWith('/mainmatrix', cookies);
    expect(matrix.html).toContain('Gbenga S.');

    // A browser without JavaScript reads the page as it is sent.
    const still = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 780 },
    });
    await still.addCookies(await context.cookies(baseURL));
    const stillTab = await still.newPage();
    await stillTab.goto(`${baseURL}/maindashboard`);
    await expect(stillTab.getByTestId('member-greeting').textContent()).resolves.toBe(
      'WELCOME, Ngozi Drawn!',
    );
    await expect(stillTab.getByText('Wallet Summary').isVisible()).resolves.toBe(true);
    await still.close();

    // With JavaScript, React takes the page over (hydrates it) from the answers the server drew it with, in the zone this
    // browser told it (UTC here): no first read is asked again.
    const problems = watchPage(tab);
    const drawnAgain: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'warning' && message.text().includes('drawn again'))
        drawnAgain.push(message.text());
    });
    const reads: string[] = [];
    tab.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'GET' && path.startsWith('/api/me')) reads.push(path);
    });
    for (const path of ['/maindashboard', '/mainwallet', '/mainmatrix']) {
      await tab.goto(baseURL + path);
      await tab.locator('html[data-running]').waitFor({ state: 'attached' });
      await tab.locator('#boot-loader').waitFor({ state: 'detached' });
      await expect(tab.getByTestId('member-greeting').textContent(), path).resolves.toBe(
        'WELCOME, Ngozi Drawn!',
      );
    }
    await expect(tab.getByText('Gbenga S.').first().isVisible()).resolves.toBe(true);
    expect(await tab.locator('#root').evaluate((root) => getComputedStyle(root).pointerEvents)).toBe('auto');
    expect(reads).toEqual([]);
    // Taken over where it stood, not drawn again: the server's page and the browser's first drawing are the same.
    expect(drawnAgain).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('draws Welcome Back’s pages the same way, for its own session only', async () => {
    const member = await paidMember(baseURL, 'welcomeback', 'Tunde Welcomeback');
    const login = await fetch(`${baseURL}/api/auth/loginwelc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: MEMBER_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    expect(cookies).toContain('page_welcomeback=');
    for (const path of ['/welcomebackdashboard', '/welcomebackwallet', '/welcomebackmatrix']) {
      const { res, html } = await pageWith(path, cookies);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(html, path).toContain('WELCOME, Tunde Welcomeback!');
    }
    // A Welcome Back session draws no Main page.
    const main = await pageWith('/maindashboard', cookies);
    expect(main.html).toContain('aria-label="Loading this page"');
    expect(main.html).not.toContain('Tunde Welcomeback');
  });

  it('sends the shell, with nothing of the member, once the session has ended or for a cookie it did not sign', async () => {
    const cookies = await cookieHeader(context, '/maindashboard');
    const forged = cookies.replace(/page_main=([^.;]+)\.[^;]+/, 'page_main=$1.forged');
    expect(forged).not.toBe(cookies);
    const withForged = await pageWith('/maindashboard', forged);
    expect(withForged.html).toContain('aria-label="Loading this page"');
    expect(withForged.html).not.toContain('Ngozi Drawn');

    const tab = context.pages()[0]!;
    await tab.getByRole('button', { name: 'Open menu' }).click();
    await tab.getByRole('button', { name: 'Sign Out' }).click();
    await tab.waitForURL('**/mainsignin');
    expect((await context.cookies(baseURL)).find((c) => c.name === 'page_main')).toBeUndefined();
    const afterSignOut = await pageWith('/maindashboard', cookies);
    expect(afterSignOut.res.headers.get('cache-control')).toBe('no-cache');
    expect(afterSignOut.html).toContain('aria-label="Loading this page"');
    expect(afterSignOut.html).not.toContain('Ngozi Drawn');
    await context.close();
  });
});
