import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { emailField, newPasswordField } from '@coop/core/contracts';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { createOrPromoteAdministrator } from '../modules/administrators/administrators';

const USAGE = 'Usage: npm run admin:create -- --email <email> --password <password> [--name "<full name>"]';

const argsSchema = z.object({
  email: emailField({ required: 'Give the administrator email with --email', invalid: '--email is not a valid email address' }),
  password: newPasswordField,
  name: z.string().trim().min(1).max(120).optional(),
});

interface Output {
  log(line: string): void;
  error(line: string): void;
}

/**
 * `npm run admin:create`: how a real deployment gets its first administrator, and how a lost administrator
 * password is replaced. It opens the database itself, so on the embedded database the platform must be stopped
 * (PGlite is single-process; the data folder's lock says who holds it). Returns the exit code.
 */
export async function runAdminCreate(argv: string[], env: Record<string, string | undefined>, out: Output): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } }, strict: true }));
  } catch (error) {
    out.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    out.error(`${parsed.error.issues[0]!.message}\n${USAGE}`);
    return 2;
  }
  let database;
  let config;
  try {
    config = loadConfig(env);
    database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      out.error(`${error.message}\nThe platform is probably running: stop it, run this command again, then start the platform.`);
      return 1;
    }
    if (error instanceof ConfigError) {
      out.error(error.message);
      return 1;
    }
    out.error(`Could not open the database: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    const { email, password, name } = parsed.data;
    const result = await createOrPromoteAdministrator(database.db, { email, password, fullName: name, replacePassword: true, via: 'admin:create' }, config.passwordHashCost);
    if (result.created) out.log(`Created the administrator ${email} (a Main platform account). Sign in at /admin.`);
    else if (result.promoted) out.log(`${email} already had a Main platform account: it is now an administrator, with the password you gave.`);
    else out.log(`${email} was already an administrator: its password is replaced and its other sessions are ended.`);
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAdminCreate(process.argv.slice(2), process.env, { log: (l) => console.log(l), error: (l) => console.error(l) }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('admin:create failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
