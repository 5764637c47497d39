import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Decision 0051: a request or answer schema is declared once, in @coop/core/contracts, and route files only name
// it. A route file that builds a schema (a zod import, a `z.` call, or deriving one with `.extend` and its kin)
// would start a second copy the client does not see; this test finds it, and a probe proves that it does.
const repo = path.resolve(import.meta.dirname, '../../..');
const modules = path.join(repo, 'apps/server/src/modules');

/** The zod methods that make a new schema out of another. */
const DERIVING = new Set([
  'extend',
  'safeExtend',
  'merge',
  'pick',
  'omit',
  'partial',
  'required',
  'strict',
  'strip',
  'passthrough',
  'catchall',
]);

function inlineSchemas(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      /^zod(\/|$)/.test(node.moduleSpecifier.text)
    ) {
      found.push(`${at(node)} imports zod`);
    }
    // z.object, z.coerce, z.enum ...: anything reached from the zod namespace.
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'z'
    ) {
      found.push(`${at(node)} z.${node.name.text}`);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      DERIVING.has(node.expression.name.text)
    ) {
      found.push(`${at(node)} .${node.expression.name.text}(...)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const routeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'routes.ts' || entry.name.endsWith('-routes.ts') ? [full] : [];
  });

/** Source files of the three packages, tests aside (a test may list the programmes it walks through). */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe('schemas declared once (decision 0051)', () => {
  it('finds a schema built in a route file (the probe)', () => {
    const probe = [
      "import { errorSchema } from '@coop/core/contracts';",
      "import { z } from 'zod';",
      'const params = z.object({ id: z.coerce.number() });',
      'const answer = errorSchema.extend({ extra: params });',
    ].join('\n');
    expect(inlineSchemas('modules/payments/probe-routes.ts', probe)).toEqual([
      'modules/payments/probe-routes.ts:2 imports zod',
      'modules/payments/probe-routes.ts:3 z.object',
      'modules/payments/probe-routes.ts:3 z.coerce',
      'modules/payments/probe-routes.ts:4 .extend(...)',
    ]);
    // Naming a contract's schema is what a route file does.
    expect(
      inlineSchemas(
        'modules/payments/probe-routes.ts',
        "import { paymentStatusSchema } from '@coop/core/contracts';\nconst schema = { response: { 200: paymentStatusSchema } };\n",
      ),
    ).toEqual([]);
  });

  it('no route file of the server declares a schema', () => {
    const files = routeFiles(modules);
    expect(files.length).toBeGreaterThanOrEqual(38);
    const found = files.flatMap((file) =>
      inlineSchemas(path.relative(repo, file), readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it("the programmes' names are listed once, in the core's plan types", () => {
    const listed = /'main',\s*'welcomeback'|'welcomeback',\s*'main'|'main'\s*\|\s*'welcomeback'/;
    expect(listed.test("text('programme', { enum: ['main', 'welcomeback'] })")).toBe(true); // the probe
    const files = ['apps/server/src', 'apps/web/src', 'packages/core/src'].flatMap((dir) =>
      sourceFiles(path.join(repo, dir)),
    );
    const naming = files
      .filter((file) => listed.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(repo, file));
    expect(naming).toEqual(['packages/core/src/plan/types.ts']);
  });
});
