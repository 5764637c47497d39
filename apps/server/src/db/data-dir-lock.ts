import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite is single-process: two processes writing one folder would corrupt it, so the folder is locked. */
export function acquireDataDirLock(dir: string): () => void {
  const lockFile = path.join(dir, 'platform.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `The embedded database in ${dir} is in use by process ${holder}. Stop the platform first (only one process may open it).`,
        );
      }
      rmSync(lockFile, { force: true }); // left behind by a process that is gone
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dir}.`);
}
