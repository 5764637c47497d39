import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // Client imports flow one way: shared (components, lib) -> features -> app; features never import each other.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/components', from: './apps/web/src/app' },
            { target: './apps/web/src/lib', from: './apps/web/src/app' },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
          ],
        },
      ],
    },
  },
);
