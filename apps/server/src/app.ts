import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { keptAwareSerializerCompiler } from './lib/kept-answers';
import { createMailTransport, type MailTransport } from './adapters/mail';
import type { PaymentProvider } from './adapters/payments';
import { registerPayments } from './adapters/payments/register';
import type { Config } from './config';
import { fastifyTrustProxy } from './config-rules';
import { openDatabase, type Database } from './db/client';
import { schedulerPlugin } from './jobs/scheduler';
import { mailWorkerPlugin } from './modules/notifications/mail-worker-plugin';
import { authPlugin } from './plugins/auth';
import { confirmSession } from './modules/access/access-check';
import { errorsPlugin } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { addRateLimitCleanup, databaseRateLimitStore } from './plugins/rate-limit-store';
import { loggerOptions, requestLogPlugin } from './plugins/request-log';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webClientPlugin } from './plugins/web-client';
import { publishedPlans } from './modules/plans/plan-book';
import { joinedPlanVersion, lockMatrix } from './modules/engine/position-store';
import { settleOnThread } from './modules/payments/settle-payment';
import { apiModules } from './modules';
import { createSimulationJobs } from './modules/plan-simulation/simulation-jobs';
import { pageSessionOf } from './modules/sessions/page-session';
import { ApprovalActs } from './modules/approvals/approval-acts';
import { ProviderEvents } from './modules/payments/provider-events';

export interface BuildOptions {
  /** Tests hand in their own database (in-memory PGlite or a throwaway PostgreSQL database). */
  database?: Database;
  mailer?: MailTransport;
  /** Another payment provider (tests); by default Paystack, or the sandbox through the same HTTP client. */
  payments?: PaymentProvider;
  /** Tests read the log lines the platform writes (the real serializers and redaction, without pretty printing). */
  logStream?: NodeJS.WritableStream;
  /** Sees every route as it is added (the authorization sweep reads the route table through it). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // requestLogPlugin writes one line per request instead of Fastify's "incoming request" and "request completed".
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestTimeout: 30_000,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(keptAwareSerializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      listenUrl: config.databaseListenUrl,
      poolSize: config.databasePoolSize,
      startTimeoutMs: config.databaseStartTimeoutMs,
      timeouts: config.databaseTimeouts,
      log: app.log,
      dataDir: config.dataDir,
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', options.mailer ?? createMailTransport(config, database.db, app.log));
  // Filled by the modules as they register: each adds the acts of its own that wait for a second administrator.
  app.decorate('approvalActs', new ApprovalActs());
  // Filled the same way: each module adds the provider's events it owns, and the webhook hands them over.
  app.decorate('providerEvents', new ProviderEvents());
  // The plan simulator's jobs, run in worker threads: any module that simulates a plan starts them here.
  app.decorate('planSimulations', createSimulationJobs(database.db, app.log));
  // What public pages read from the database while rendered on the server, each reader added by its module.
  app.decorate('publicPageData', {});
  // The member record's parts kept by modules above member review (bank details, payouts, cash-outs), each added by its module.
  app.decorate('memberRecordParts', {});
  // Plans read the matrix through the engine's functions, handed in here: the engine itself reads the plan book.
  app.decorate('planMatrix', { lockProgramme: lockMatrix, joinedVersion: joinedPlanVersion });
  if (!options.database) app.addHook('onClose', async () => database.close());
  // onClose hooks run last-added first: the simulations mark their running jobs interrupted before the database closes.
  app.addHook('onClose', async () => app.planSimulations.close());
  // Added before the payments' background work: its settlements (a webhook's) hand over to the thread while closing.
  settleOnThread(app);

  await app.register(errorsPlugin);
  await app.register(requestLogPlugin);
  // Before the job runner and the modules: each adds its own figures to app.metrics as it registers.
  await app.register(metricsPlugin);
  const toldReads = database.toldReads;
  if (toldReads)
    app.metrics.gauge({
      name: 'coop_told_reads_listening',
      help: '1 while this instance listens for changes to the member reads it keeps (PostgreSQL); 0 while every read goes to the database',
      read: async () => [{ value: toldReads.isListening ? 1 : 0 }],
    });
  await app.register(schedulerPlugin);
  await app.register(mailWorkerPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(cookie);
  // Limits are set per route (login, sign-up, forgot password, contact); nothing is limited globally. They are
  // counted in the database, so several instances on one PostgreSQL share each count.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  addRateLimitCleanup(app);
  await app.register(swagger, {
    openapi: { info: { title: `${config.site.name} API`, version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  await registerPayments(app, { provider: options.payments });

  // The API's own scope: deny by default there; the web client, the docs and the payment sandbox stay outside.
  await app.register(
    async (api) => {
      // The access check joins the account, its session and its second factor: the modules' parts, handed to the plugin.
      await api.register(authPlugin, { confirmSession });
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );
  // A member's page is drawn with their data when its page cookie names their live session (decision 0037).
  await app.register(webClientPlugin, {
    pageSession: (request, programme) => pageSessionOf(app.db, config, request, programme),
    // The plans module owns plan_versions; the plugin, below the modules, is handed its read.
    publishedPlans: () => publishedPlans(app.db),
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
