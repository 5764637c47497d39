import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPaymentProvider } from '../src/adapters/payments';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { payments } from '../src/db/schema';
import { reconcilePendingPayments } from '../src/modules/payments/reconcile';
import { createTestAccount, signInAs } from './accounts-kit';
import { testConfig } from './app';
import { describeEachDatabase } from './databases';
import { freePort, pressCheckout, startPayment } from './payments-kit';

describeEachDatabase('the payment sandbox across a restart', (database) => {
  const ctx = {} as { database: Database; port: number; url: string; apps: App[] };
  const start = async () => {
    const app = await buildApp(
      testConfig({ PORT: String(ctx.port), PUBLIC_URL: ctx.url, PAYMENT_PROVIDER: 'sandbox' }),
      { database: ctx.database },
    );
    await app.listen({ port: ctx.port, host: '127.0.0.1' });
    ctx.apps.push(app);
    return app;
  };
  beforeAll(async () => {
    ctx.database = await database.open();
    ctx.port = await freePort();
    ctx.url = `http://127.0.0.1:${ctx.port}`;
    ctx.apps = [];
  });
  afterAll(async () => {
    for (const app of ctx.apps) await app.close();
    await ctx.database?.close();
  });

  it('still knows a checkout it accepted before the platform stopped: verify answers success and the payment activates', async () => {
    const before = await start();
    const account = await createTestAccount(before);
    const headers = await signInAs(before, account.id);
    const { checkoutUrl, reference } = await startPayment(
      { app: before, url: ctx.url, sandbox: before.paystackSandbox! },
      headers,
    );
    // The webhook is lost with the process, as in a kill during a burst of checkouts.
    before.paystackSandbox!.deliverWebhooks = false;
    await pressCheckout(checkoutUrl, 'success');
    await before.close();

    const after = await start();
    const verified = await createPaymentProvider(after.config).verifyTransaction(reference);
    expect(verified).toMatchObject({ status: 'success', reference });
    // The reconciliation job asks the sandbox again and the member's payment activates.
    const counts = await reconcilePendingPayments(after, new Date(Date.now() + 60 * 60_000));
    expect(counts).toMatchObject({ activated: 1, failed: 0 });
    const [payment] = await after.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment?.status).toBe('paid');
  });
});
