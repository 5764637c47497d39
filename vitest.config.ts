import { defineConfig } from 'vitest/config';

// Every test: unit (core), API (server, through buildApp on PGlite and, with TEST_DATABASE_URL, PostgreSQL)
// and browser tests (e2e, against the built app served on a random port).
export default defineConfig({
  test: {
    // In CI every test is named, so the log shows which suites ran on PostgreSQL ("[postgres]").
    reporters: process.env.CI ? ['verbose'] : ['default'],
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
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One browser at a time: the machine has two cores and the app server needs one.
          fileParallelism: false,
        },
      },
    ],
  },
});
