import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The client's folders whose imports are fenced below: every feature and every admin domain, read from the disk. */
const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const foldersIn = (dir) => readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const webFeatures = foldersIn(path.join(webSrc, 'features'));
/** The admin feature is split by domain (payouts, members...); `common` holds what the whole area shares. */
const ADMIN_COMMON = 'common';
const adminDomains = foldersIn(path.join(webSrc, 'features/admin')).filter((folder) => folder !== ADMIN_COMMON);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', 'data/**', 'apps/server/drizzle/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**', 'e2e/**', 'apps/server/**', '**/*.config.*'], languageOptions: { globals: globals.node } },
  { files: ['apps/web/src/**'], languageOptions: { globals: globals.browser } },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['packages/core/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The core is pure: no I/O, no clock, no randomness, nothing from the apps (STYLE.md rule 1).
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'fs', 'path', 'crypto', 'http', 'pg', 'drizzle-orm*', 'fastify*', 'react*', '**/apps/**'], message: 'packages/core is pure: no I/O, frameworks or app code.' }] },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time comes in as an argument.' },
        { object: 'Math', property: 'random', message: 'Randomness comes in as an argument.' },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'No I/O in the core.' }, { name: 'process', message: 'No environment in the core.' }],
    },
  },
  {
    // Client imports flow one way: shared (components, lib) -> features -> app; features never import each other
    // (STYLE.md rules 4 and 5). The zones are built from the folders, so a new feature or admin domain is covered
    // without editing this file.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: webSrc,
          zones: [
            { target: ['./components', './lib'], from: ['./features', './app', './main.tsx', './entry-server.tsx'], message: 'Shared code (components, lib) imports no feature and no part of the app shell.' },
            { target: './features', from: ['./app', './main.tsx', './entry-server.tsx'], message: 'A feature never imports the app shell: the shell imports features.' },
            ...webFeatures.map((feature) => ({
              target: `./features/${feature}`,
              from: webFeatures.filter((other) => other !== feature).map((other) => `./features/${other}`),
              message: 'Features never import each other: move what both need down into src/components, src/lib or @coop/core.',
            })),
            ...adminDomains.map((domain) => ({
              target: `./features/admin/${domain}`,
              from: adminDomains.filter((other) => other !== domain).map((other) => `./features/admin/${other}`),
              message: `Admin domains never import each other: move what both need into features/admin/${ADMIN_COMMON}.`,
            })),
            {
              target: `./features/admin/${ADMIN_COMMON}`,
              from: adminDomains.map((domain) => `./features/admin/${domain}`),
              message: 'The admin area\'s common folder imports no admin domain: the domains import it.',
            },
          ],
        },
      ],
    },
  },
);
