import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { emailField } from '@coop/core/contracts';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { revokeAdministrator } from '../modules/administrators/administrators';

const USAGE = 'Usage: npm run admin:revoke -- --email <email> [--reason "<why>"]';

const argsSchema = z.object({
  email: emailField({ required: 'Give the administrator email with --email', invalid: '--email is not a valid email address' }),
  reason: z.string().trim().min(3, '--reason needs at least 3 characters').max(500).optional(),
});

interface Output {
  log(line: string): void;
  error(line: string): void;
}

/**
 * `npm run admin:revoke`: the owner who holds the server removes an administrator at once (decision 0038), the way out
 * when two administrators cannot part through the admin area or one account is in the wrong hands. The account is
 * closed, its sessions end, its waiting requests are withdrawn; audited with no actor and mailed to every
 * administrator. Never the last administrator. Like admin:create, it opens the database itself. Returns the exit code.
 */
export async function runAdminRevoke(argv: string[], env: Record<string, string | undefined>, out: Output): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { email: { type: 'string' }, reason: { type: 'string' } }, strict: true }));
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
  try {
    const config = loadConfig(env);
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
    const { email, reason } = parsed.data;
    const removed = await revokeAdministrator(database.db, { email, reason });
    out.log(
      `${removed.fullName} (${removed.email}) is no longer an administrator: the account is closed, its sessions ended and its waiting requests withdrawn. Every administrator is mailed.`,
    );
    return 0;
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAdminRevoke(process.argv.slice(2), process.env, { log: (l) => console.log(l), error: (l) => console.error(l) }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('admin:revoke failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
