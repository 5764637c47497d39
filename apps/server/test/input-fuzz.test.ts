import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { testConfig } from './app';
import { describeEachDatabase } from './databases';

/** How many generated bodies each JSON route gets; sized to keep one engine's run well under two minutes. */
const RUNS_PER_ROUTE = 20;

interface JsonRoute {
  method: string;
  url: string;
  caller: 'anonymous' | 'main' | 'welcomeback' | 'admin';
  properties: Record<string, { type?: string | string[]; enum?: unknown[] }>;
}

const HOSTILE_TEXTS = [
  'a\u0000b',
  '\u0000',
  'tab\there',
  'line\nbreak',
  '\u001b[31mred',
  "'; drop table accounts; --",
  "' or '1'='1",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '../../etc/passwd',
  '\ud800',
  '😀'.repeat(50),
  'x'.repeat(5_000),
  'x'.repeat(70_000), // over the body limit: 413
];
const hostileText = fc.oneof(
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.constantFrom(true, false, null, -1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

const signup = {
  fullName: 'Ada Obi',
  email: 'fuzz@example.com',
  phone: '08031234567',
  address: '12 Awolowo Road, Lagos',
  password: 'a good password',
  confirmPassword: 'a good password',
  referralCode: '',
  acceptTerms: true,
};
const bank = { type: 'savings', accountNumber: '0123456781', accountName: 'Ada Obi', bankCode: '058' };

/**
 * A valid body for routes whose fields need real formats, so one hostile field at a time reaches the service
 * and the database instead of stopping at another field's validation.
 */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/auth/signup': signup,
  'POST /api/auth/welcome': signup,
  'POST /api/auth/sendContact': { name: 'Ada', email: 'ada@example.com', message: 'Hello there' },
  'POST /api/auth/register': bank,
  'POST /api/auth/bankdetails': { ...bank, bankName: 'Guaranty Trust Bank' },
  'POST /api/me/grant': { amount: '1000', purpose: 'A shop' },
  'POST /api/auth/login': { email: 'ada@example.com', password: 'a good password' },
  'POST /api/auth/reset': { email: 'ada@example.com' },
  'PUT /api/admin/payOutCash': { email: 'ada@example.com', amount: '100' },
};

/** The valid body with one field replaced by a hostile value or removed, sometimes with an extra field. */
function oneFieldWrong(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      fc.constantFrom(...Object.keys(valid)),
      fc.option(fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 1, arbitrary: anyValue }), {
        nil: undefined,
      }),
      fc.option(fc.tuple(fc.string({ maxLength: 12 }), anyValue), { nil: undefined }),
    )
    .map(([field, value, extra]) => {
      const body: Record<string, unknown> = {
        ...valid,
        email: `fuzz-${Math.random().toString(36).slice(2, 10)}@example.com`,
        [field]: value,
      };
      if (!('email' in valid)) delete body.email;
      if (value === undefined) delete body[field];
      if (extra) body[extra[0]] = extra[1];
      return body;
    });
}

/** A body shaped like the route's schema, each field right, wrong, hostile or missing, plus extra fields. */
function bodyFor(route: JsonRoute): fc.Arbitrary<unknown> {
  const valid = VALID_BODIES[`${route.method} ${route.url}`];
  const fields = Object.entries(route.properties).map(([name, shape]) => {
    const right = shape.enum
      ? fc.constantFrom(...shape.enum)
      : shape.type === 'boolean'
        ? fc.boolean()
        : shape.type === 'number' || shape.type === 'integer'
          ? fc.integer()
          : hostileText;
    return [name, fc.option(fc.oneof(right, anyValue), { nil: undefined })] as const;
  });
  const shaped = fc
    .tuple(
      fc.record(Object.fromEntries(fields)),
      fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({
      ...extra,
      ...Object.fromEntries(Object.entries(known).filter(([, v]) => v !== undefined)),
    }));
  return valid
    ? fc.oneof(
        { weight: 3, arbitrary: oneFieldWrong(valid) },
        { weight: 1, arbitrary: shaped },
        { weight: 1, arbitrary: anyValue },
      )
    : fc.oneof(shaped, anyValue);
}

/** Raw payloads that are not JSON, or JSON with traps. */
const malformed = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    'nul',
    '\u0000',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '"just a string"',
    '[]',
    '1e999',
  ),
);

describeEachDatabase('input fuzzing of every JSON route', (database) => {
  const ctx = {} as {
    app: App;
    database: Database;
    routes: JsonRoute[];
    headers: Record<string, Record<string, string>>;
  };
  beforeAll(async () => {
    ctx.routes = [];
    const collect = (route: RouteOptions) => {
      const config = (route.config ?? {}) as { public?: boolean; access?: string; programme?: string };
      for (const method of [route.method].flat()) {
        if (!['POST', 'PUT', 'PATCH'].includes(method) || !route.url.startsWith('/api')) continue;
        // Left out of the API's description = not a JSON route: the one-click unsubscribe takes a mail client's form and answers a page.
        if ((route.schema as { hide?: boolean } | undefined)?.hide) continue;
        const body = route.schema?.body as z.ZodType | undefined;
        const json = body
          ? (z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as {
              properties?: JsonRoute['properties'];
            })
          : {};
        const caller = config.public
          ? 'anonymous'
          : config.access === 'admin'
            ? 'admin'
            : config.programme === 'welcomeback'
              ? 'welcomeback'
              : 'main';
        ctx.routes.push({ method, url: route.url, caller, properties: json.properties ?? {} });
      }
    };
    ctx.database = await database.open();
    ctx.app = await buildApp(testConfig(), { database: ctx.database, onRoute: collect });
    await ctx.app.ready();
    ctx.headers = { anonymous: {} };
    for (const caller of ['main', 'welcomeback', 'admin'] as const) {
      const account = await createTestAccount(ctx.app, {
        programme: caller === 'welcomeback' ? 'welcomeback' : 'main',
        role: caller === 'admin' ? 'admin' : 'user',
      });
      ctx.headers[caller] = await signInAs(ctx.app, account.id);
    }
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });

  /**
   * Rows in every table but the ones that count attempts and the mail tables (an earlier accepted sign-up's
   * mail is queued and sent after its answer, while the next request runs): a refused request must leave them as they were.
   */
  async function rowCounts() {
    const tables = await queryRows<{ name: string }>(
      ctx.app.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%rate_limit%' and table_name not like 'mail\\_%' and table_name not like '__drizzle%' order by 1`,
    );
    const union = sql.join(
      tables.map((t) => sql`select ${t.name} as name, count(*)::int as n from ${sql.identifier(t.name)}`),
      sql` union all `,
    );
    return JSON.stringify(await queryRows(ctx.app.db, union));
  }

  const send = (route: JsonRoute, payload: string, n: number) =>
    ctx.app.inject({
      method: route.method as 'POST',
      url: route.url.replace(/:email/g, 'nobody%40example.com').replace(/:[A-Za-z]+/g, '1'),
      headers: {
        ...ctx.headers[route.caller],
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      payload,
      remoteAddress: `10.9.${(n >> 8) & 255}.${n & 255}`,
    });

  it('never answers 500, always answers JSON with a message, and writes nothing when it refuses', async () => {
    expect(ctx.routes.length).toBeGreaterThan(20);
    let n = 0;
    const problems: string[] = [];
    // The rows as the previous request left them (nothing else writes meanwhile): one count per request.
    let rows = await rowCounts();
    const check = async (route: JsonRoute, payload: string) => {
      n += 1;
      const res = await send(route, payload, n);
      let body: { message?: unknown } | undefined;
      try {
        body = res.json();
      } catch {
        body = undefined;
      }
      const where = `${route.method} ${route.url} ${JSON.stringify(payload.slice(0, 120))}`;
      // 502, or 503 payments_paused: the payment provider (the sandbox, not listening here) was asked: a clear answer, not a crash.
      const providerAsked =
        res.statusCode === 502 ||
        (res.statusCode === 503 && (body as { code?: unknown } | undefined)?.code === 'payments_paused');
      if (res.statusCode >= 500 && !providerAsked) problems.push(`${where}: ${res.statusCode}`);
      if (res.statusCode >= 400 && typeof body?.message !== 'string')
        problems.push(`${where}: ${res.statusCode} without a JSON message`);
      const after = await rowCounts();
      if ([400, 413, 415].includes(res.statusCode) && after !== rows)
        problems.push(`${where}: refused with ${res.statusCode} but rows changed`);
      rows = after;
    };
    for (const route of ctx.routes) {
      // Every text field of a valid body once with each hostile text: what random draws would reach too rarely.
      const valid = VALID_BODIES[`${route.method} ${route.url}`] ?? {};
      for (const [field, value] of Object.entries(valid)) {
        if (typeof value !== 'string') continue;
        for (const text of HOSTILE_TEXTS.slice(0, 6))
          await check(
            route,
            JSON.stringify({
              ...valid,
              [field]: `${value}${text}`,
              ...(field === 'email' ? {} : 'email' in valid ? { email: `fuzz-${n}@example.com` } : {}),
            }),
          );
      }
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            { weight: 4, arbitrary: bodyFor(route).map((b) => JSON.stringify(b) ?? 'null') },
            { weight: 1, arbitrary: malformed },
          ),
          async (payload) => {
            await check(route, payload);
            return true;
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: 15, endOnFailure: true },
      );
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
