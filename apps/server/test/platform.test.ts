import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { describeEachDatabase } from './databases';
import { useTestApp } from './app';

describeEachDatabase('platform', (database) => {
  const ctx = useTestApp(database);

  it('answers the health check with the database kind', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: database.name });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('sets security headers on every answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a body over the limit with a clear message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/health',
      payload: { big: 'x'.repeat(70 * 1024) },
    });
    expect([404, 413]).toContain(res.statusCode);
    expect(res.json().message).toBeTypeOf('string');
  });

  it('publishes the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });

  it('creates the company root position of each programme in the first migrations', async () => {
    const { sql } = await import('drizzle-orm');
    const { queryRows } = await import('../src/db/rows');
    const rows = await queryRows(
      ctx.app.db,
      sql`select programme, depth from positions where parent_id is null order by programme`,
    );
    expect(rows).toEqual([
      { programme: 'main', depth: 0 },
      { programme: 'welcomeback', depth: 0 },
    ]);
  });
});

describe('configuration', () => {
  it('names the bad variable in one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid environment variable PORT: .*\(got "abc"\)$/);
  });

  it('refuses production on development defaults', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'Missing environment variable DATABASE_URL in production',
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/x',
        JWT_SECRET: 'q7Vb0sZ+Lk3N9wXe2Rt5Yu8Io1Pa4Sd6Fg0Hj2Kl3Zx5Cv7Bn9',
        PUBLIC_URL: 'https://coop.example',
      }),
    ).toThrow('Missing environment variable SMTP_URL in production');
  });

  it('accepts production when every development value is chosen on purpose', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'pglite',
      JWT_SECRET: 'q7Vb0sZ+Lk3N9wXe2Rt5Yu8Io1Pa4Sd6Fg0Hj2Kl3Zx5Cv7Bn9',
      PUBLIC_URL: 'https://coop.example/',
      MAIL_TRANSPORT: 'outbox',
      PAYMENT_PROVIDER: 'sandbox',
      TOTP_ENCRYPTION_KEY: 'Zq3v8mT1pX0cR7wN2bY5kL9sD4hF6jG1aE8uI3oP0nM=',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://coop.example');
  });
});
