import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server';

/**
 * A PostgreSQL cluster of the test's own, made with initdb and run with pg_ctl in a temporary folder on a free
 * loopback port, as scripts/pg-throwaway.sh makes one: a test may stop and start it (pg_ctl -m immediate, as a crash
 * or a failover does) without touching the cluster of TEST_DATABASE_URL the other suites share.
 */
export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> of the database made for the test. */
  url: string;
  /** Stops the server at once, as a crash does: no checkpoint, every connection cut (pg_ctl -m immediate). */
  stopImmediately(): void;
  /** Starts it again on the same folder and port, waiting until it accepts connections (it replays its log first). */
  start(): void;
  /** Stops it and removes its folder. */
  remove(): void;
}

/** Why the test cannot have a cluster of its own here, or null when initdb and pg_ctl are on the PATH. */
export function ownPostgresUnavailable(): string | null {
  for (const tool of ['initdb', 'pg_ctl']) {
    const found = spawnSync(tool, ['--version'], { encoding: 'utf8' });
    if (found.error || found.status !== 0)
      return `${tool} is not installed (PostgreSQL's server binaries, e.g. apt-get install postgresql)`;
  }
  return null;
}

export async function startOwnPostgres(database = 'coop'): Promise<OwnPostgres> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'coop-own-pg-'));
  // initdb refuses to run as root: as root, run the server binaries as the postgres user, as the script does.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    if (spawnSync('id', ['postgres']).status !== 0)
      run('useradd', ['--system', '--no-create-home', 'postgres']);
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, -1);
  }
  const pgTool = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', tool, ...args]) : run(tool, args);
  const data = path.join(dir, 'data');
  pgTool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () =>
    void pgTool('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  let removed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    stopImmediately: () => void pgTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    start,
    remove() {
      if (removed) return;
      removed = true;
      try {
        pgTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function run(command: string, args: string[]) {
  const done = spawnSync(command, args, { encoding: 'utf8' });
  if (done.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${done.status}):\n${done.stdout}\n${done.stderr}`);
  return done.stdout;
}
