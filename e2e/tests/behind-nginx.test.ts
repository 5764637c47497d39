import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, settled, watchPage, toastSays } from '../support/browser';
import { httpsRequest, nginxMissing, startBehindNginx, type RunningNginx } from '../support/nginx';

const serverUrl = process.env.TEST_DATABASE_URL;
const missing = serverUrl ? nginxMissing() : 'needs a PostgreSQL server: set TEST_DATABASE_URL (CI does)';
const PASSWORD = 'behind nginx password 1';

/**
 * The deployment of docs/deploy.md on loopback: nginx with TLS (ops/nginx/coop-platform-proxy.conf) in front of two
 * production-mode instances on one PostgreSQL (decision 0045). A member's whole journey in Chromium through nginx's
 * https address: the session cookies are Secure, every answer carries nginx's HSTS, and the address the platform
 * records is the one nginx saw, never the X-Forwarded-For a client chose.
 */
describe.skipIf(missing)(
  `the platform behind nginx with TLS${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let deployment: Awaited<ReturnType<typeof startBehindNginx>>;
    let nginx: RunningNginx;
    let query: typeof deployment.query;

    beforeAll(async () => {
      deployment = await startBehindNginx(serverUrl!, 'nginx');
      ({ nginx, query } = deployment);
    });

    afterAll(() => deployment?.stop());

    /** The confirmation link from the outbox (production mounts no /api/dev/mail: the test reads the outbox's table). */
    async function confirmationLink(email: string) {
      for (let i = 0; i < 100; i++) {
        const rows = await query<{ links: string[] }>('select links from mail_outbox where to_address = $1', [
          email,
        ]);
        const link = rows.flatMap((r) => r.links).find((l) => l.includes('/confirmemail?token='));
        if (link) return link;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`no confirmation mail reached the outbox for ${email}`);
    }

    it("a member signs up, confirms, signs in and pays through nginx's https address; cookies are Secure, HSTS is sent, the client's address is nginx's", async () => {
      const browser = await launchBrowser();
      try {
        // The browser's pages send an X-Forwarded-For of their own choosing (support/browser.ts); behind nginx it
        // must count for nothing.
        const context = await browser.newContext({ ignoreHTTPSErrors: true });
        const page: Page = await context.newPage();
        const problems = watchPage(page);
        // Where each console error came from (the page's URL beside it), to tell the sandbox's icon from a fault.
        const consoleErrors: string[] = [];
        page.on(
          'console',
          (message) =>
            message.type() === 'error' && consoleErrors.push(`${message.location().url} (${page.url()})`),
        );
        const chosen = new Set<string>();
        page.on('request', (request) => {
          const forwarded = request.headers()['x-forwarded-for'];
          if (forwarded) chosen.add(forwarded);
        });
        const email = `nginx-${Date.now()}@example.com`;

        const first = await page.goto(`${nginx.url}/mainsignup`);
        expect(first!.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        await settled(page);
        await page.getByLabel('Full Names').fill('Ngozi Proxy');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Phone').fill('08031234599');
        await page.getByLabel('Address').fill('12 Allen Avenue, Ikeja');
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByLabel('Confirm Password').fill(PASSWORD);
        await page.getByLabel(/I have read and accept/).check();
        await page.getByRole('button', { name: 'Register' }).click();
        await toastSays(page, 'Successful!');
        const link = await confirmationLink(email);
        expect(link.startsWith(`${nginx.url}/`), `the mailed link ${link} is the public https address`).toBe(
          true,
        );
        await page.goto(link);
        await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();

        await page.goto(`${nginx.url}/mainsignin`);
        await settled(page);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Login' }).click();
        expect(await toastSays(page)).toContain('Successful!');
        await page.waitForURL('**/maindashboard');

        // The session's cookies (the refresh token's, the page session's: HttpOnly) are Secure and SameSite=Strict; the
        // only other is the page's own time zone, which the page's script writes.
        const cookies = await context.cookies();
        const session = cookies.filter((cookie) => cookie.httpOnly);
        expect(session.length).toBeGreaterThanOrEqual(2);
        for (const cookie of session)
          expect(cookie, cookie.name).toMatchObject({ secure: true, sameSite: 'Strict' });
        expect(cookies.filter((cookie) => !cookie.httpOnly).map((cookie) => cookie.name)).toEqual(
          cookies.length > session.length ? ['tz'] : [],
        );

        // The payment through the built-in Paystack sandbox's checkout, whose webhook comes back through nginx.
        await page.goto(`${nginx.url}/mainpaystack`);
        await settled(page);
        await page.getByRole('button', { name: 'Proceed' }).click();
        const payNow = page.getByRole('link', { name: 'PAY NOW' });
        await payNow.waitFor();
        expect(await payNow.getAttribute('href')).toContain(`${nginx.url}/sandbox/paystack/checkout/`);
        await payNow.click();
        await page.getByRole('button', { name: 'Pay', exact: true }).click();
        await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
        await expect
          .poll(() => page.getByTestId('payment-stage').textContent(), { timeout: 30_000 })
          .toContain('Welcome');
        const reference = new URL(page.url()).searchParams.get('reference')!;
        const [position] = await query<{ n: number }>(
          'select count(*)::int as n from positions p join accounts a on a.id = p.account_id where a.email = $1 and p.payment_reference = $2',
          [email, reference],
        );
        expect(position!.n).toBe(1);
        // The sandbox's checkout page (Paystack's stand-in, not the platform's) names no icon: Chromium asks for
        // /favicon.ico there. Nothing else may fail.
        expect(
          consoleErrors.filter(
            (url) => !url.startsWith(`${nginx.url}/favicon.ico (${nginx.url}/sandbox/paystack/checkout/`),
          ),
        ).toEqual([]);
        expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);

        // The sign-up's address is nginx's $remote_addr (127.0.0.1), not what the page sent.
        expect(chosen.size).toBeGreaterThan(0);
        const [origin] = await query<{ ip: string }>(
          'select o.ip from signup_origins o join accounts a on a.id = o.account_id where a.email = $1',
          [email],
        );
        expect(origin!.ip).toBe('127.0.0.1');
        expect([...chosen].some((forwarded) => forwarded.includes(origin!.ip))).toBe(false);
        await context.close();
      } finally {
        await browser.close();
      }
    });

    it('a client on another address (127.0.0.2) is counted by that address in the sign-in limit, whatever X-Forwarded-For it sends', async () => {
      const counted = async (key: string) => {
        const [row] = await query<{ hits: number }>('select hits from rate_limit_counters where key = $1', [
          createHash('sha256').update(`failures|${key}`).digest('base64url'),
        ]);
        return row ? Number(row.hits) : 0;
      };
      const answer = await httpsRequest(nginx.url, '/api/auth/login', {
        ca: nginx.certificate,
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        body: { email: `nobody-${Date.now()}@example.com`, password: 'a wrong password 1' },
      });
      expect(answer.status).toBe(401);
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // The wrong password counts against the address nginx saw, not the chosen one, nor nginx's own (127.0.0.1).
      expect(await counted('login|ip|127.0.0.2')).toBe(1);
      expect(await counted('login|ip|203.0.113.9')).toBe(0);
      expect(await counted('login|ip|127.0.0.1')).toBe(0);
    });
  },
);
