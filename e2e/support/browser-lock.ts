import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * One Chromium at a time (the machine has two cores, and the platform and the API tests beside need them): the
 * first browser a test file launches waits for a lock folder (global-setup.ts makes its parent), which the file
 * holds to its end (one-at-a-time.ts lets it go). The process tests, which launch no browser (crash-recovery,
 * mail-kill, several-instances, rolling-restart, start), run beside a browser file.
 */
let held = false;

export async function holdBrowserLock() {
  if (held) return;
  const lock = path.join(inject('e2eLockDir'), 'running');
  for (;;) {
    try {
      mkdirSync(lock);
      held = true;
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export function releaseBrowserLock() {
  if (!held) return;
  rmSync(path.join(inject('e2eLockDir'), 'running'), { recursive: true, force: true });
  held = false;
}
