import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';

/**
 * One Chromium at a time (the machine has two cores, and the platform and the API tests beside need them): the
 * first browser a test file launches waits for its turn, then holds a lock folder (global-setup.ts makes its
 * parent) to the file's end (one-at-a-time.ts lets it go). The process tests, which launch no browser
 * (crash-recovery, mail-kill, several-instances, rolling-restart, start), run beside a browser file.
 *
 * Turns are first come, first served: each waiter leaves a ticket, and only the oldest live ticket may take the
 * lock. Without the queue a worker that had just let go took the lock again for its next file before the other
 * worker's next look, and a file waited through several others until its hook timed out (CI, three files at once).
 */
const WAIT_LIMIT_MS = 8 * 60_000;
const LOOK_EVERY_MS = 100;

let held = false;
let tickets = 0;
/** The wait in progress in this worker, if any: its file's end abandons it, so a late turn is not taken. */
let waiting: { abandoned: boolean } | null = null;

const dirs = () => {
  const root = inject('e2eLockDir');
  return { queue: path.join(root, 'queue'), lock: path.join(root, 'running') };
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
};

/** Who holds the lock (pid and test file), or null while it is free or its holder is still writing its name. */
function holder(lock: string): { pid: number; file: string } | null {
  try {
    return JSON.parse(readFileSync(path.join(lock, 'holder'), 'utf8')) as { pid: number; file: string };
  } catch {
    return null;
  }
}

/** The oldest ticket whose worker is still alive; a dead worker's tickets are cleared on the way. */
function firstInQueue(queue: string): string | undefined {
  for (const ticket of readdirSync(queue).sort()) {
    if (alive(Number(ticket.split('-')[1]))) return ticket;
    rmSync(path.join(queue, ticket), { force: true });
  }
  return undefined;
}

function tryTake(lock: string, file: string) {
  try {
    mkdirSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A worker that died holding it (killed, crashed) never lets go: its lock is cleared for the next in line.
    const by = holder(lock);
    if (by && !alive(by.pid)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
  writeFileSync(path.join(lock, 'holder'), JSON.stringify({ pid: process.pid, file }));
  return true;
}

export async function holdBrowserLock() {
  if (held) return;
  const { queue, lock } = dirs();
  mkdirSync(queue, { recursive: true });
  const file = path.basename(expect.getState().testPath ?? 'a test file');
  const ticket = `${String(Date.now()).padStart(15, '0')}-${process.pid}-${(tickets += 1)}`;
  writeFileSync(path.join(queue, ticket), file);
  const me = { abandoned: false };
  waiting = me;
  const started = Date.now();
  try {
    for (;;) {
      if (me.abandoned) throw new Error(`${file} ended before its turn at Chromium came`);
      if (firstInQueue(queue) === ticket && tryTake(lock, file)) {
        held = true;
        return;
      }
      if (Date.now() - started > WAIT_LIMIT_MS) {
        const by = holder(lock);
        throw new Error(
          `${file} waited ${Math.round((Date.now() - started) / 1000)} s for its turn at Chromium; ` +
            (by ? `${by.file} (pid ${by.pid}) holds it` : 'the queue did not move'),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    }
  } finally {
    rmSync(path.join(queue, ticket), { force: true });
    if (waiting === me) waiting = null;
  }
}

export function releaseBrowserLock() {
  if (waiting) waiting.abandoned = true;
  if (!held) return;
  rmSync(dirs().lock, { recursive: true, force: true });
  held = false;
}
