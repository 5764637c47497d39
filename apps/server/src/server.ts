import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnreachableError } from './db/client';
import { DataDirUnusableError } from './db/data-dir-check';
import { DataDirInUseError } from './db/data-dir-lock';
import { seedDemoAdministrator } from './cli/demo-admin';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  if (!config.isProduction) await seedDemoAdministrator(app);
  const close = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`platform ready on ${config.publicUrl} (database: ${app.database.kind})`);
}

main().catch((error: unknown) => {
  // What the operator can fix (a setting, a folder, a database that never came): one message, no stack.
  if (error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof DataDirUnusableError || error instanceof DatabaseUnreachableError) {
    console.error(error.message);
  } else {
    console.error('The platform could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
