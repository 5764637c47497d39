import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { createTestAccount, signInAs } from './accounts-kit';
import { testConfig } from './app';
import { describeEachDatabase } from './databases';
import { TEST_METRICS_TOKEN } from './metrics-kit';

/**
 * Who may call each API route. One line per method and path, as Fastify names it. A new route must be added
 * here, or this test fails naming it.
 * - public: anyone, signed in or not
 * - member: any signed-in account (both programmes, administrators too)
 * - member:main / member:welcomeback: a signed-in account of that programme (administrators are Main accounts)
 * - admin: an administrator only
 * - webhook: nobody without the provider's signature
 * - metrics: nobody without METRICS_TOKEN, whoever is signed in (GET /metrics, outside /api, is swept too)
 */
type Policy = 'public' | 'member' | 'member:main' | 'member:welcomeback' | 'admin' | 'webhook' | 'metrics';
const POLICIES: Record<string, Policy> = {
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/site': 'public',
  'GET /api/dev/mail': 'public',
  'GET /api/banks': 'public',
  'GET /api/mail/unsubscribe': 'public',
  'POST /api/mail/unsubscribe': 'public',
  'POST /api/auth/signup': 'public',
  'POST /api/auth/welcome': 'public',
  'POST /api/auth/confirm-email': 'public',
  'POST /api/auth/resend-confirmation': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/loginwelc': 'public',
  'POST /api/admin/adminLogin': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/reset': 'public',
  'POST /api/auth/resetpassword': 'public',
  'POST /api/auth/welcomereset': 'public',
  'POST /api/auth/welcresetpassword': 'public',
  'POST /api/auth/confirm-closure': 'public',
  'POST /api/auth/sendContact': 'public',
  'POST /api/admin/two-factor/verify': 'public',
  'POST /api/admin/two-factor/challenge/setup': 'public',
  'POST /api/admin/two-factor/challenge/confirm': 'public',
  'PUT /api/auth/password': 'member',
  'GET /api/me': 'member',
  'GET /api/me/wallet-history': 'member',
  'GET /api/me/matrix': 'member',
  'GET /api/me/matrix/search': 'member',
  'GET /api/me/awards': 'member',
  'GET /api/me/erasure': 'member',
  'POST /api/me/erasure': 'member',
  'GET /api/me/data': 'member',
  'GET /api/me/data/download': 'member',
  'GET /api/data-exports': 'public',
  'GET /api/me/details': 'member',
  'PUT /api/me/details': 'member',
  'GET /api/me/privacy-notice': 'member',
  'POST /api/me/privacy-notice': 'member',
  'GET /api/admin/privacy/requests': 'admin',
  'POST /api/admin/privacy/requests': 'admin',
  'PUT /api/admin/privacy/requests/:id': 'admin',
  'GET /api/admin/privacy/breaches': 'admin',
  'POST /api/admin/privacy/breaches': 'admin',
  'PUT /api/admin/privacy/breaches/:id': 'admin',
  'POST /api/admin/privacy/breaches/:id/notify': 'admin',
  'GET /api/admin/privacy/erasures': 'admin',
  'POST /api/admin/privacy/erasures/:accountId': 'admin',
  'PUT /api/admin/privacy/legal-hold/:accountId': 'admin',
  'GET /api/me/grant': 'member',
  'GET /api/plans/:programme': 'public',
  'GET /api/plans/:programme/versions/:version': 'public',
  'GET /api/me/plan': 'member',
  'GET /api/admin/plans/:programme': 'admin',
  'GET /api/admin/plans/:programme/drafts/:id': 'admin',
  'POST /api/admin/plans/:programme/drafts': 'admin',
  'PUT /api/admin/plans/:programme/drafts/:id': 'admin',
  'POST /api/admin/plans/:programme/drafts/:id/submit': 'admin',
  'POST /api/admin/plans/:programme/drafts/:id/simulate': 'admin',
  'POST /api/admin/plans/:programme/drafts/:id/cancel': 'admin',
  'POST /api/me/grant': 'member',
  'POST /api/me/grant/:id/withdraw': 'member',
  'GET /api/me/close': 'member',
  'POST /api/me/close': 'member',
  'GET /api/me/bank-details': 'member',
  'GET /api/me/notifications': 'member',
  'GET /api/me/notifications/unread': 'member',
  'POST /api/me/notifications/read': 'member',
  'GET /api/me/mail-settings': 'member',
  'PUT /api/me/mail-settings': 'member',
  'GET /api/payments/:reference': 'member',
  'POST /api/auth/register': 'member:main',
  'POST /api/auth/process-payment': 'member:main',
  'POST /api/auth/bankdetails': 'member:welcomeback',
  'POST /api/auth/welcomepaystack': 'member:welcomeback',
  'PUT /api/admin/payOutCash': 'admin',
  'PUT /api/admin/payOutCash2': 'admin',
  'GET /api/admin/adminTransactionAmount': 'admin',
  'GET /api/admin/countUsers': 'admin',
  'GET /api/admin/transactions/latest': 'admin',
  'GET /api/admin/payouts/preview': 'admin',
  'POST /api/admin/payouts/run': 'admin',
  'GET /api/admin/payouts/runs': 'admin',
  'GET /api/admin/payouts/runs/:id': 'admin',
  'POST /api/admin/payouts/runs/:id/retry': 'admin',
  'POST /api/admin/payouts/:id/release': 'admin',
  'POST /api/admin/payouts/:id/finalize': 'admin',
  'POST /api/admin/payouts/:id/resend-otp': 'admin',
  'POST /api/admin/payouts/runs/:id/bank-file': 'admin',
  'GET /api/admin/payouts/batches/:id/csv': 'admin',
  'POST /api/admin/payouts/batches/:id/record': 'admin',
  'POST /api/admin/payouts/batches/:id/reversal': 'admin',
  'GET /api/admin/mails': 'admin',
  'GET /api/admin/mails/backlog': 'admin',
  'POST /api/admin/mails/:id/retry': 'admin',
  'GET /api/admin/grants': 'admin',
  'PUT /api/admin/grants/:id': 'admin',
  'GET /api/admin/viewMainUser': 'admin',
  'GET /api/admin/viewWelcomeBackUser': 'admin',
  'GET /api/admin/toViewUser/:email': 'admin',
  'GET /api/admin/toWelcomeBackUser/:email': 'admin',
  'GET /api/admin/contact-messages': 'admin',
  'GET /api/admin/audit-log': 'admin',
  'GET /api/admin/awards': 'admin',
  'PUT /api/admin/awards/:id/delivered': 'admin',
  'POST /api/admin/plans/:programme/simulate': 'admin',
  'GET /api/admin/plan-simulations/:id': 'admin',
  'GET /api/admin/income-disclosure': 'admin',
  'GET /api/admin/income-disclosure/csv': 'admin',
  'PUT /api/admin/income-disclosure/:programme/:year/publication': 'admin',
  'GET /api/income-disclosures': 'public',
  'GET /api/admin/payouts/prepared': 'admin',
  'POST /api/admin/contact-messages/:id/reply': 'admin',
  'POST /api/admin/contact-messages/:id/close': 'admin',
  'DELETE /api/admin/adminRoles/:email': 'admin',
  'GET /api/admin/liabilities': 'admin',
  'GET /api/admin/liabilities/history': 'admin',
  'GET /api/admin/liabilities/refunds-due': 'admin',
  'GET /api/admin/liabilities/lines': 'admin',
  'GET /api/admin/liabilities/wallets': 'admin',
  'GET /api/admin/exports/members': 'admin',
  'GET /api/admin/exports/payments': 'admin',
  'GET /api/admin/exports/journal': 'admin',
  'GET /api/admin/exports/payout-runs/:id': 'admin',
  'GET /api/admin/approvals/settings': 'admin',
  'GET /api/admin/approvals': 'admin',
  'GET /api/admin/approvals/waiting': 'admin',
  'GET /api/admin/approvals/:id': 'admin',
  'POST /api/admin/approvals/:id/approve': 'admin',
  'POST /api/admin/approvals/:id/decline': 'admin',
  'GET /api/admin/payments/:reference/refund': 'admin',
  'POST /api/admin/payments/:reference/refunds': 'admin',
  'POST /api/admin/refunds/:id/check': 'admin',
  'GET /api/admin/settlements': 'admin',
  'GET /api/admin/settlements/:id': 'admin',
  'POST /api/admin/settlements/fetch': 'admin',
  'POST /api/admin/settlements/:id/tick': 'admin',
  'GET /api/admin/accounts/confirm': 'admin',
  'GET /api/admin/administrators': 'admin',
  'GET /api/admin/administrators/invitation': 'admin',
  'POST /api/admin/administrators/invitations': 'admin',
  'POST /api/auth/admin-invitation/accept': 'public',
  'GET /api/admin/two-factor': 'admin',
  'POST /api/admin/two-factor/setup': 'admin',
  'POST /api/admin/two-factor/confirm': 'admin',
  'GET /api/admin/members/:id': 'admin',
  'GET /api/admin/members/:id/matrix': 'admin',
  'POST /api/admin/members/:id/suspend': 'admin',
  'POST /api/admin/members/:id/reinstate': 'admin',
  'PUT /api/admin/members/:id/details': 'admin',
  'POST /api/auth/confirm-email-change': 'public',
  'GET /api/admin/flags': 'admin',
  'POST /api/admin/flags/:id/clear': 'admin',
  'POST /api/admin/flags/:id/hold': 'admin',
  'GET /api/admin/disputes': 'admin',
  'POST /api/admin/disputes/:id/answer': 'admin',
  'GET /api/admin/flag-groups': 'admin',
  'POST /api/admin/flag-groups/clear': 'admin',
  'POST /api/admin/members/:id/close': 'admin',
  'GET /api/admin/inactive-accounts': 'admin',
  'POST /api/webhooks/paystack': 'webhook',
  'GET /metrics': 'metrics',
};

type Caller = 'anonymous' | 'main' | 'welcomeback' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'main', 'welcomeback', 'admin'];

/** Whether the caller should get past the access check under the policy. */
function mayPass(policy: Policy, caller: Caller): boolean {
  switch (policy) {
    case 'public':
      return true;
    case 'webhook':
    case 'metrics':
      return false;
    case 'member':
      return caller !== 'anonymous';
    case 'member:main':
      return caller === 'main' || caller === 'admin';
    case 'member:welcomeback':
      return caller === 'welcomeback';
    case 'admin':
      return caller === 'admin';
  }
}

// The refusals of the access check (plugins/auth.ts) and of the webhook's signature check; a handler's own 403
// (for example a grant before stage 5) is a business answer, not an access refusal.
const ACCESS_REFUSALS: Record<number, Set<string>> = {
  401: new Set(['signed_out', 'session_ended', 'two_factor_required', 'metrics_token']),
  403: new Set(['not_admin', 'wrong_programme']),
};
const refusedAccess = (status: number, body: { code?: string; message?: string }) =>
  Boolean(ACCESS_REFUSALS[status]?.has(body.code ?? '')) ||
  (status === 401 && body.message === 'Invalid signature');

/** A concrete URL for a route path: each parameter gets a harmless value of the kind it names. */
const concrete = (path: string) =>
  path
    .replace(/:email/g, 'nobody%40example.com')
    .replace(/:(id|runId|payoutId)\b/g, '1')
    .replace(/:[A-Za-z]+/g, 'x')
    .replace(/\*$/, 'index.html');

describeEachDatabase('authorization sweep over every API route', (database) => {
  const ctx = {} as { app: App; database: Database; routes: { method: string; url: string }[] };
  beforeAll(async () => {
    ctx.routes = [];
    const collect = (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && (route.url.startsWith('/api') || route.url === '/metrics'))
          ctx.routes.push({ method, url: route.url });
      }
    };
    ctx.database = await database.open();
    // With the metrics token set, so GET /metrics checks it (unset, it answers 404 to everyone).
    ctx.app = await buildApp(testConfig({ METRICS_TOKEN: TEST_METRICS_TOKEN }), {
      database: ctx.database,
      onRoute: collect,
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });

  it('has a policy for every route, and no policy for a route that is gone', () => {
    const keys = ctx.routes.map((r) => `${r.method} ${r.url}`);
    const missing = keys.filter((key) => !(key in POLICIES));
    const gone = Object.keys(POLICIES).filter((key) => !keys.includes(key));
    expect(
      missing,
      `Routes without an access policy. Add a line for each to POLICIES in apps/server/test/authorization-sweep.test.ts:\n${missing.map((k) => `  '${k}': 'public' | 'member' | 'member:main' | 'member:welcomeback' | 'admin' | 'webhook',`).join('\n')}\n`,
    ).toEqual([]);
    expect(gone, 'POLICIES names routes that no longer exist: remove these lines').toEqual([]);
  });

  it('lets through exactly the callers each policy names, on every route', async () => {
    const accounts = {
      main: await createTestAccount(ctx.app, { programme: 'main' }),
      welcomeback: await createTestAccount(ctx.app, { programme: 'welcomeback' }),
      admin: await createTestAccount(ctx.app, { programme: 'main', role: 'admin' }),
    };
    const wrong: string[] = [];
    for (const route of ctx.routes) {
      const policy = POLICIES[`${route.method} ${route.url}`];
      if (!policy) continue; // reported by the test above
      for (const caller of CALLERS) {
        // A fresh session per call: a route that ends the session (sign-out) does not spoil the next call.
        const headers = caller === 'anonymous' ? {} : await signInAs(ctx.app, accounts[caller].id);
        const hasBody = !['GET', 'DELETE'].includes(route.method);
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: {
            ...headers,
            'idempotency-key': crypto.randomUUID(),
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: '{}' } : {}),
        });
        let body: { code?: string; message?: string } = {};
        try {
          body = res.json();
        } catch {
          // Not JSON (a page or a file): no access refusal either.
        }
        const refused = refusedAccess(res.statusCode, body);
        // 502, or 503 payments_paused: the payment provider (the sandbox, not listening in this test) was asked, so access was granted.
        const providerAsked =
          res.statusCode === 502 || (res.statusCode === 503 && body.code === 'payments_paused');
        if (res.statusCode >= 500 && !providerAsked)
          wrong.push(`${route.method} ${route.url} as ${caller}: ${res.statusCode}`);
        else if (refused === mayPass(policy, caller))
          wrong.push(
            `${route.method} ${route.url} as ${caller}: ${res.statusCode} ${body.code ?? ''} but the policy is ${policy}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  // Some hot reads confirm the session inside their own statement (sessionCheckedInRead): each private route must
  // still refuse a well-signed token once its session is over, whoever checks it.
  it('refuses a signed token whose session was revoked, whose account changed its token version or was suspended, on every private route', async () => {
    const ended = async (
      programme: 'main' | 'welcomeback',
      role: 'user' | 'admin',
      end: (accountId: string) => Promise<unknown>,
    ) => {
      const account = await createTestAccount(ctx.app, { programme, role });
      const headers = await signInAs(ctx.app, account.id);
      await end(account.id);
      return headers;
    };
    const cases = [
      {
        name: 'revoked session',
        status: 401,
        code: 'session_ended',
        end: (id: string) =>
          ctx.app.db.execute(sql`update sessions set revoked_at = now() where account_id = ${id}`),
      },
      {
        name: 'new token version',
        status: 401,
        code: 'session_ended',
        end: (id: string) =>
          ctx.app.db.execute(sql`update accounts set token_version = token_version + 1 where id = ${id}`),
      },
      {
        name: 'suspended account',
        status: 403,
        code: 'account_inactive',
        end: (id: string) =>
          ctx.app.db.execute(sql`update accounts set status = 'suspended' where id = ${id}`),
      },
    ];
    const wrong: string[] = [];
    for (const c of cases) {
      const asAdmin = await ended('main', 'admin', c.end);
      const asWelcomeBack = await ended('welcomeback', 'user', c.end);
      for (const route of ctx.routes) {
        const policy = POLICIES[`${route.method} ${route.url}`];
        if (!policy || policy === 'public' || policy === 'webhook' || policy === 'metrics') continue;
        const hasBody = !['GET', 'DELETE'].includes(route.method);
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: {
            ...(policy === 'member:welcomeback' ? asWelcomeBack : asAdmin),
            'idempotency-key': crypto.randomUUID(),
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: '{}' } : {}),
        });
        const body = res.json<{ code?: string }>();
        if (res.statusCode !== c.status || body.code !== c.code)
          wrong.push(`${route.method} ${route.url} with a ${c.name}: ${res.statusCode} ${body.code ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
