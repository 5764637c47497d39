/**
 * The payment sandbox in a process of its own, where Paystack is in production: apart from the platform. The saturation
 * benchmark runs it so, so that the platform's process and event loop do only the platform's work (rendering the
 * checkout, signing and sending webhooks and answering verify are Paystack's work, not ours). The platform then talks
 * to it as to Paystack: PAYMENT_PROVIDER=paystack, PAYSTACK_BASE_URL=<this>/sandbox/paystack and the sandbox's key.
 * Settings: DATABASE_URL (PostgreSQL, the platform's database, migrated by it: the sandbox keeps its records in its own
 * tables there), PORT, WEBHOOK_URL (the platform's /api/webhooks/paystack).
 */
import Fastify from 'fastify';
import { SANDBOX_PREFIX, SANDBOX_SECRET_KEY } from '../src/adapters/payments';
import { paystackSandboxPlugin } from '../src/adapters/payments/sandbox/plugin';
import { createSandboxState } from '../src/adapters/payments/sandbox/state';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

const { DATABASE_URL: databaseUrl, PORT: port, WEBHOOK_URL: webhookUrl } = process.env;
if (!databaseUrl || !port || !webhookUrl)
  throw new Error('the sandbox process needs DATABASE_URL, PORT and WEBHOOK_URL');

const database = await openDatabase({ databaseUrl, poolSize: 4 });
const app = Fastify({ logger: { level: 'warn' } });
// The checkout's address is built from the site's public URL: here, the sandbox's own.
app.decorate('config', loadConfig({ PUBLIC_URL: `http://127.0.0.1:${port}` }));
app.decorate('db', database.db);
const state = createSandboxState({ secretKey: SANDBOX_SECRET_KEY, webhookUrl, db: database.db });
await app.register(paystackSandboxPlugin, { prefix: SANDBOX_PREFIX, state });
app.addHook('onClose', async () => {
  await state.idle();
  await database.close();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: Number(port) });
