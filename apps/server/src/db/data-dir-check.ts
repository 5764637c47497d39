import { existsSync, mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The embedded database's folder cannot be used: the message says which folder and what to do, in one paragraph. */
export class DataDirUnusableError extends Error {}

/**
 * Less free space than this and the embedded database is refused at start: PostgreSQL writes its log in 16 MB
 * segments, so a disk with less than a few of them fills during the first busy minutes and fails mid-write.
 */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

const READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM']);
const FULL = new Set(['ENOSPC', 'EDQUOT']);

/** The operating system's code of an error or of one it wraps (PGlite's file system errors carry it in the message). */
function errnoOf(error: unknown): string | null {
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (READ_ONLY.has(code) || FULL.has(code))) return code;
    const named = /\b(EROFS|EACCES|EPERM|ENOSPC|EDQUOT)\b/.exec(current.message);
    if (named) return named[1]!;
    if (/no space left on device/i.test(current.message)) return 'ENOSPC';
    if (/read-only file system/i.test(current.message)) return 'EROFS';
  }
  return null;
}

const fullMessage = (dir: string) =>
  `The disk holding the data folder ${dir} is full, so the embedded database cannot write to it. ` +
  'Free space on that disk (old backups, logs), or move the folder to a larger disk and set DATA_DIR to it, then start again.';

const readOnlyMessage = (dir: string, code: string) =>
  `The data folder ${dir} cannot be written (${code === 'EROFS' ? 'the disk is mounted read-only' : 'permission denied'}), so the embedded database cannot start. ` +
  "Give the platform's user write access to it (for example chown -R <user> on the folder), or set DATA_DIR to a folder it can write, then start again.";

/** The clear message for a data folder the embedded database could not write, or null when the error is something else. */
export function dataDirProblem(dir: string, error: unknown): DataDirUnusableError | null {
  const code = errnoOf(error);
  if (!code) return null;
  return new DataDirUnusableError(FULL.has(code) ? fullMessage(dir) : readOnlyMessage(dir, code));
}

export interface DataDirProbe {
  makeDir(dir: string): void;
  writeProbe(file: string): void;
  removeProbe(file: string): void;
  freeBytes(dir: string): number;
}

const realProbe: DataDirProbe = {
  makeDir: (dir) => {
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      // On a read-only disk Node's recursive mkdir says ENOENT; the plain mkdir of the first missing folder says why.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      let missing = dir;
      while (!existsSync(path.dirname(missing))) missing = path.dirname(missing);
      mkdirSync(missing);
      throw error;
    }
  },
  writeProbe: (file) => writeFileSync(file, 'the platform checks it can write here\n'),
  removeProbe: (file) => rmSync(file, { force: true }),
  freeBytes: (dir) => {
    const stats = statfsSync(dir);
    return Number(stats.bavail) * Number(stats.bsize);
  },
};

/**
 * Before the embedded database opens its folder: the folder exists (or is made), a file can be written in it, and
 * its disk has room (MIN_FREE_BYTES). Each failure is one clear DataDirUnusableError instead of a stack from inside PGlite.
 */
export function checkDataDirWritable(dir: string, probe: DataDirProbe = realProbe) {
  const file = path.join(dir, '.write-check');
  try {
    probe.makeDir(dir);
    probe.writeProbe(file);
    probe.removeProbe(file);
  } catch (error) {
    throw dataDirProblem(dir, error) ?? error;
  }
  if (probe.freeBytes(dir) < MIN_FREE_BYTES) throw new DataDirUnusableError(fullMessage(dir));
}
