import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import type { z } from 'zod';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

interface AdminCommand<Input> {
  usage: string;
  options: ParseArgsOptionsConfig;
  schema: z.ZodType<Input>;
  /** What the command does once its arguments are valid and the database is open; answers the line to print. */
  act(db: Db, input: Input, config: Config): Promise<string>;
}

/**
 * The owner's commands at the server (admin:create, admin:revoke): arguments checked first (exit 2 with the usage),
 * then the database opened by the command itself, so on the embedded database the platform must be stopped (PGlite is
 * single-process; the data folder's lock says who holds it). A refusal of the act is one line and exit 1.
 */
export async function runAdminCommand<Input>(
  command: AdminCommand<Input>,
  argv: string[],
  env: Record<string, string | undefined>,
  out: Output,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: command.options, strict: true }));
  } catch (error) {
    out.error(`${(error as Error).message}\n${command.usage}`);
    return 2;
  }
  const parsed = command.schema.safeParse(values);
  if (!parsed.success) {
    out.error(`${parsed.error.issues[0]!.message}\n${command.usage}`);
    return 2;
  }
  let database;
  let config;
  try {
    config = loadConfig(env);
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: config.dataDir,
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      out.error(
        `${error.message}\nThe platform is probably running: stop it, run this command again, then start the platform.`,
      );
    } else if (error instanceof ConfigError) {
      out.error(error.message);
    } else {
      out.error(`Could not open the database: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 1;
  }
  try {
    out.log(await command.act(database.db, parsed.data, config));
    return 0;
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await database.close();
  }
}

/** Runs the command when its file is the process's entry (`tsx src/cli/<name>.ts`), exiting with its code. */
export function runWhenEntry(
  moduleUrl: string,
  run: (argv: string[], env: Record<string, string | undefined>, out: Output) => Promise<number>,
) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  run(process.argv.slice(2), process.env, {
    log: (l) => console.log(l),
    error: (l) => console.error(l),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
