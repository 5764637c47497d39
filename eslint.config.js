import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleLoops from './scripts/eslint/module-loops.js';
import tableOwner from './scripts/eslint/table-owner.js';

/**
 * Who owns each schema file's tables (decision 0047): only that unit's files may name them. A schema file is owned
 * by the module of its name unless listed here; a new schema file the lint does not know is refused.
 */
const TABLE_OWNERS_NOT_MODULES = {
  'jobs.ts': 'jobs',
  'mail.ts': 'adapters/mail',
  'rate-limits.ts': 'plugins',
  'sandbox.ts': 'adapters/payments',
};
const serverSrc = path.join(import.meta.dirname, 'apps/server/src');
const tableOwnerZones = readdirSync(path.join(serverSrc, 'db/schema'))
  .filter((file) => file !== 'index.ts')
  .map((file) => {
    const owner = TABLE_OWNERS_NOT_MODULES[file] ?? `modules/${file.replace(/\.ts$/, '')}`;
    // A schema file named after no module would leave its tables owned by nobody: say who owns it above.
    if (!existsSync(path.join(serverSrc, owner)))
      throw new Error(`db/schema/${file}: no unit ${owner} owns it`);
    return { schema: `db/schema/${file}`, owner };
  });

/** The client's folders whose imports are fenced below: every feature and every admin domain, read from the disk. */
const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const foldersIn = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = foldersIn(path.join(webSrc, 'features'));
/** The admin feature is split by domain (payouts, members...); `common` holds what the whole area shares. */
const ADMIN_COMMON = 'common';
const adminDomains = foldersIn(path.join(webSrc, 'features/admin')).filter(
  (folder) => folder !== ADMIN_COMMON,
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'apps/server/drizzle/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**', 'e2e/**', 'apps/server/**', '**/*.config.*'],
    languageOptions: { globals: globals.node },
  },
  { files: ['apps/web/src/**'], languageOptions: { globals: globals.browser } },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'packages/core/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
          ],
        }),
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
    // The server depends one way, top to bottom (README, "Where things are"): app -> modules -> plugins, adapters,
    // jobs -> lib -> config, db. A lower floor never imports a higher one, and no module imports one that reaches
    // back to it (the local rule, since import-x/no-cycle sees loops of files only, not of folders).
    files: ['apps/server/src/**/*.ts'],
    plugins: { house: { rules: { 'no-module-loops': moduleLoops, 'table-owner': tableOwner } } },
    rules: {
      'house/no-module-loops': 'error',
      'house/table-owner': ['error', tableOwnerZones],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/adapters',
              from: [
                './apps/server/src/modules',
                './apps/server/src/plugins',
                './apps/server/src/jobs',
                './apps/server/src/cli',
              ],
              message: 'An adapter speaks to the outside world only: it imports no module, plugin or job.',
            },
            {
              target: './apps/server/src/plugins',
              from: ['./apps/server/src/modules', './apps/server/src/cli'],
              message: 'Plugins stand below the modules: move what both need into plugins/ or lib/.',
            },
            {
              target: './apps/server/src/jobs',
              from: [
                './apps/server/src/modules',
                './apps/server/src/plugins',
                './apps/server/src/adapters',
                './apps/server/src/cli',
              ],
              message: 'The job runner knows no module: modules add their jobs to it.',
            },
            {
              target: './apps/server/src/lib',
              from: [
                './apps/server/src/modules',
                './apps/server/src/plugins',
                './apps/server/src/adapters',
                './apps/server/src/jobs',
                './apps/server/src/cli',
              ],
              message: 'lib/ is the floor under the modules, plugins and adapters.',
            },
            {
              target: './apps/server/src/db',
              from: [
                './apps/server/src/modules',
                './apps/server/src/plugins',
                './apps/server/src/adapters',
                './apps/server/src/jobs',
                './apps/server/src/lib',
                './apps/server/src/cli',
              ],
              message: 'The database layer is the ground floor.',
            },
          ],
        },
      ],
    },
  },
  {
    // Modules speak in domain errors with stable codes; HTTP is for the route files and the one table that turns a
    // code into a status (plugins/errors.ts with error-answers.ts, decision 0050).
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/routes.ts',
      'apps/server/src/**/*-routes.ts',
      'apps/server/src/plugins/errors.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='HttpError']",
          message:
            'Outside route files, throw a DomainError from @coop/core with a code listed in plugins/error-answers.ts.',
        },
      ],
    },
  },
  {
    // The core is pure: no I/O, no clock, no randomness, nothing from the apps (STYLE.md rule 1).
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'fs',
                'path',
                'crypto',
                'http',
                'pg',
                'drizzle-orm*',
                'fastify*',
                'react*',
                '**/apps/**',
              ],
              message: 'packages/core is pure: no I/O, frameworks or app code.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time comes in as an argument.' },
        { object: 'Math', property: 'random', message: 'Randomness comes in as an argument.' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'No I/O in the core.' },
        { name: 'process', message: 'No environment in the core.' },
      ],
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
            {
              target: ['./components', './lib'],
              from: ['./features', './app', './main.tsx', './entry-server.tsx'],
              message: 'Shared code (components, lib) imports no feature and no part of the app shell.',
            },
            {
              target: './features',
              from: ['./app', './main.tsx', './entry-server.tsx'],
              message: 'A feature never imports the app shell: the shell imports features.',
            },
            ...webFeatures.map((feature) => ({
              target: `./features/${feature}`,
              from: webFeatures.filter((other) => other !== feature).map((other) => `./features/${other}`),
              message:
                'Features never import each other: move what both need down into src/components, src/lib or @coop/core.',
            })),
            ...adminDomains.map((domain) => ({
              target: `./features/admin/${domain}`,
              from: adminDomains
                .filter((other) => other !== domain)
                .map((other) => `./features/admin/${other}`),
              message: `Admin domains never import each other: move what both need into features/admin/${ADMIN_COMMON}.`,
            })),
            {
              target: `./features/admin/${ADMIN_COMMON}`,
              from: adminDomains.map((domain) => `./features/admin/${domain}`),
              message: "The admin area's common folder imports no admin domain: the domains import it.",
            },
          ],
        },
      ],
    },
  },
);
