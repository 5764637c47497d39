import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DomainError } from '@coop/core';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ERROR_ANSWERS } from '../src/plugins/error-answers';
import { httpErrorOf } from '../src/plugins/errors';

// Modules throw domain errors with codes; one table turns a code into an HTTP answer (decision 0050).
const repo = path.resolve(import.meta.dirname, '../../..');
const src = path.join(repo, 'apps/server/src');
const eslint = new ESLint({ cwd: repo });
const RULE = 'no-restricted-syntax';

async function problemsOf(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });

const isRouteFile = (file: string) => /(^|[/-])routes\.ts$/.test(path.basename(file));

describe('errors as domain codes', () => {
  it('refuses new HttpError outside route files and the mapping, and lets a route file throw one', async () => {
    const probe =
      "import { HttpError } from '../../plugins/errors';\n" +
      "export const refuse = () => {\n  throw new HttpError(409, 'No.', 'no');\n};\n";
    expect(await problemsOf('apps/server/src/modules/payouts/probe.ts', probe)).toEqual([
      expect.stringContaining(`${RULE}: Outside route files, throw a DomainError`),
    ]);
    expect(await problemsOf('apps/server/src/modules/payouts/probe-routes.ts', probe)).toEqual([]);
    expect(await problemsOf('apps/server/src/modules/payouts/routes.ts', probe)).toEqual([]);
  });

  it('finds no HttpError made outside route files and plugins/errors.ts in the tree', () => {
    const outside = sourceFiles(src).filter(
      (file) =>
        !isRouteFile(file) &&
        !file.endsWith('plugins/errors.ts') &&
        readFileSync(file, 'utf8').includes('new HttpError('),
    );
    expect(outside.map((file) => path.relative(src, file))).toEqual([]);
  });

  it('has an answer for every code a module throws', () => {
    const thrown = new Set<string>();
    for (const file of sourceFiles(src)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/new DomainError\(\s*'(\w+)'/g))
        thrown.add(match[1]!);
    }
    // Rules' refusals are thrown as they come (refusalError): their codes need answers too.
    const rules = [
      path.join(repo, 'packages/core/src/refunds/refund-rules.ts'),
      path.join(src, 'modules/grants/grant-rules.ts'),
    ];
    for (const file of rules) {
      for (const match of readFileSync(file, 'utf8').matchAll(/code: '(\w+)'/g)) thrown.add(match[1]!);
    }
    expect(thrown.size).toBeGreaterThan(100);
    expect([...thrown].filter((code) => !(code in ERROR_ANSWERS))).toEqual([]);
  });

  it('answers with the status, the message and the API code of the table', () => {
    const answer = (error: unknown) => {
      const http = httpErrorOf(error);
      return http && { status: http.statusCode, message: http.message, code: http.code };
    };
    expect(answer(new DomainError('payout_not_found', 'There is no such payout'))).toEqual({
      status: 404,
      message: 'There is no such payout',
      code: 'payout_not_found',
    });
    // One API code for refusals of different statuses: the domain code differs, the answer does not.
    expect(answer(new DomainError('admin_role_absent', 'This account is not an administrator.'))).toEqual({
      status: 409,
      message: 'This account is not an administrator.',
      code: 'not_admin',
    });
    expect(answer(new DomainError('account_gone', 'Your account no longer exists.'))).toEqual({
      status: 404,
      message: 'Your account no longer exists.',
      code: undefined,
    });
    // A code the table lacks is a bug: no answer, so the handler gives the hidden 500 and logs it.
    expect(answer(new DomainError('no_such_code', 'x'))).toBeNull();
    expect(answer(new Error('boom'))).toBeNull();
  });
});
