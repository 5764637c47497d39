import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnreachableError } from './db/client';
import { DataDirUnusableError } from './db/data-dir-check';
import { DataDirInUseError } from './db/data-dir-lock';
import { seedDemoAdministrator } from './cli/demo-admin';
import { prepareShutdown } from './shutdown';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  if (!config.isProduction) await seedDemoAdministrator(app);
  // Stopping (a rolling restart): no new connections, what is in flight finishes within SHUTDOWN_GRACE_SECONDS,
  // job claims are given back (shutdown.ts, decision 0045). A second signal stops at once.
  const drainAndClose = prepareShutdown(app);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info(
      `${signal}: no new connections; finishing what is in flight (at most ${config.shutdownGraceMs / 1000} s)`,
    );
    const outcome = await drainAndClose(config.shutdownGraceMs).catch((error: unknown) => {
      app.log.error({ err: error }, 'the platform could not close cleanly');
      return { drained: false };
    });
    process.exit(outcome.drained ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`platform ready on ${config.publicUrl} (database: ${app.database.kind})`);
}

main().catch((error: unknown) => {
  // What the operator can fix (a setting, a folder, a database that never came): one message, no stack.
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof DataDirUnusableError ||
    error instanceof DatabaseUnreachableError
  ) {
    console.error(error.message);
  } else {
    console.error('The platform could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
