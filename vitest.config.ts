import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (the largest files first), with the unit files last and, when one Vitest runs all three projects,
 * the browser test files spread evenly over the API test files (npm test runs the browser files in a Vitest of
 * their own: scripts/test.mjs). A browser file waits for the one before it to finish (e2e/support/browser-lock.ts),
 * so two of them side by side leave a worker idle, while a browser file beside API files keeps both workers busy.
 * Spread by proportion over the API files only: the unit files take a second in all, and counting them in put the
 * first six browser files back to back, one worker waiting on the lock for three and a half minutes (decision 0023).
 */
class SpreadBrowserFiles extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const of = (name: string) => sorted.filter((spec) => spec.project.name === name);
    const [browser, api, unit] = [of('e2e'), of('server'), of('core')];
    const order: TestSpecification[] = [];
    let next = 0;
    api.forEach((spec, i) => {
      while (next < browser.length && Math.floor((next * api.length) / browser.length) <= i)
        order.push(browser[next++]!);
      order.push(spec);
    });
    return [...order, ...browser.slice(next), ...unit];
  }
}

// Every test: unit (core), API (server, through buildApp on PGlite and, with TEST_DATABASE_URL, PostgreSQL)
// and browser tests (e2e, against the built app served on a random port).
export default defineConfig({
  test: {
    // In CI every test is named, so the log shows which suites ran on PostgreSQL ("[postgres]").
    reporters: process.env.CI ? ['verbose'] : ['default'],
    // Two test files at a time in each Vitest (Vitest's default is one fewer than the cores: one, on the two-core
    // machines): npm test runs one for the API files and one for the browser files (scripts/test.mjs), whose second
    // worker runs the process tests while the first waits on the browser lock. The files spend much of their time
    // waiting on PostgreSQL, HTTP, the browser and timers. Three in one Vitest were tried: every file ran slower and
    // the run was no shorter (decision 0023).
    maxWorkers: 2,
    sequence: { sequencer: SpreadBrowserFiles },
    projects: [
      {
        test: {
          name: 'core',
          root: './packages/core',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles: ['./test/setup.ts'],
          // Migrates once per run the databases every suite copies (a PGlite data folder, a PostgreSQL template).
          globalSetup: ['./test/global-setup.ts'],
          // A worker keeps the modules it has loaded from one file to the next: every file builds its own app on
          // its own database, and no test mocks a module, so only the loading (a second or so a file) is shared.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['./global-setup.ts'],
          // Lets go of the browser lock after a file that launched a browser (e2e/support/browser-lock.ts): one
          // Chromium at a time, beside the API tests and the process tests.
          setupFiles: ['./one-at-a-time.ts'],
          // A worker goes from one browser file to the next without starting over: each file launches its own
          // Chromium and signs its own people in, so only the loading of Playwright and the support code is shared.
          isolate: false,
          testTimeout: 120_000,
          // A browser file's first hook waits for its turn at Chromium, up to the rest of the file before it (the
          // longest take two minutes and more; browser-lock.ts gives up with the holder's name after eight).
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
