import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, inject } from 'vitest';

/**
 * One browser test file at a time (the machine has two cores and the platform needs one), while the API tests
 * use the other worker: each file holds a lock folder (global-setup.ts makes its parent) from before its first
 * test to after its last.
 */
const lock = path.join(inject('e2eLockDir'), 'running');
for (;;) {
  try {
    mkdirSync(lock);
    break;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
afterAll(() => rmSync(lock, { recursive: true, force: true }));
