import { createServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { SandboxState } from '../src/adapters/payments/sandbox/state';
import type { Database } from '../src/db/client';
import { testConfig } from './app';
import type { TestDatabase } from './databases';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The real app listening on a real port with PUBLIC_URL pointing at it, so the Paystack HTTP client talks to
 * the sandbox over HTTP and the sandbox's webhooks reach the platform over HTTP, as in production.
 */
export function useListeningApp(database: TestDatabase, env: Record<string, string> = {}) {
  const ctx = {} as { app: App; database: Database; url: string; sandbox: SandboxState };
  beforeAll(async () => {
    ctx.database = await database.open();
    const port = await freePort();
    ctx.url = `http://127.0.0.1:${port}`;
    ctx.app = await buildApp(testConfig({ PORT: String(port), PUBLIC_URL: ctx.url, PAYMENT_PROVIDER: 'sandbox', ...env }), { database: ctx.database });
    await ctx.app.listen({ port, host: '127.0.0.1' });
    ctx.sandbox = ctx.app.paystackSandbox!;
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}
