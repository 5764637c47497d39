/**
 * Prints, for every table in db/schema, the server units that name it: in SQL text (a table name after
 * from/join/update/into/table) or through its Drizzle table object. A unit is a module, an adapter or a top
 * folder of src. `--check` exits 1 when any table has more than one unit (decision 0047).
 *
 *   npm run tables:owners [-- --check] [-- --json]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const schemaDir = join(src, 'db', 'schema');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function parse(path: string) {
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** export const payments = pgTable('payments', ...) → payments ↦ payments */
function schemaTables(): Map<string, string> {
  const byObject = new Map<string, string>();
  for (const path of filesUnder(schemaDir)) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && node.initializer && ts.isCallExpression(node.initializer)) {
        const call = node.initializer;
        const [first] = call.arguments;
        if (
          ts.isIdentifier(call.expression) &&
          call.expression.text === 'pgTable' &&
          first &&
          ts.isStringLiteral(first)
        ) {
          byObject.set(node.name.getText(), first.text);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(path));
  }
  return byObject;
}

export function unitOf(path: string): string {
  const [top = '', next = '', ...rest] = relative(src, path).split(sep);
  if ((top === 'modules' || top === 'adapters') && rest.length > 0) return `${top}/${next}`;
  if (top === 'db' && next === 'schema') return 'db/schema';
  return top.replace(/\.ts$/, '');
}

/** The tables one file names, by SQL text or by table object. */
export function tablesNamedIn(path: string, byObject: Map<string, string>): Set<string> {
  const tableNames = new Set(byObject.values());
  const named = new Set<string>();
  const sqlName = /\b(?:from|join|update|into|table|exists)\s+"?([a-z_][a-z0-9_]*)"?/gi;
  const file = parse(path);
  const schemaImports = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      /db\/schema/.test(node.moduleSpecifier.text)
    ) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) {
          const table = byObject.get((el.propertyName ?? el.name).text);
          if (table) schemaImports.set(el.name.text, table);
        }
      }
      return;
    }
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      for (const [, name = ''] of node.text.matchAll(sqlName)) if (tableNames.has(name)) named.add(name);
    }
    if (ts.isIdentifier(node) && schemaImports.has(node.text) && !ts.isImportSpecifier(node.parent)) {
      named.add(schemaImports.get(node.text)!);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return named;
}

export function tableUnits(): Map<string, Map<string, string[]>> {
  const byObject = schemaTables();
  const units = new Map<string, Map<string, string[]>>();
  for (const table of [...new Set(byObject.values())].sort()) units.set(table, new Map());
  for (const path of filesUnder(src)) {
    const unit = unitOf(path);
    if (unit === 'db/schema') continue;
    for (const table of tablesNamedIn(path, byObject)) {
      const files = units.get(table)!.get(unit) ?? [];
      files.push(relative(src, path));
      units.get(table)!.set(unit, files);
    }
  }
  return units;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const units = tableUnits();
  const shared = [...units].filter(([, by]) => by.size > 1);
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify(Object.fromEntries([...units].map(([t, by]) => [t, Object.fromEntries(by)])), null, 2),
    );
  } else {
    for (const [table, by] of units) {
      const mark = by.size === 1 ? ' ' : by.size === 0 ? '?' : '!';
      console.log(`${mark} ${table.padEnd(28)} ${[...by.keys()].join(', ') || '(named by no unit)'}`);
    }
    console.log(
      `\n${units.size} tables; ${shared.length} named by more than one unit; ${[...units].filter(([, b]) => b.size === 1).length} by exactly one.`,
    );
  }
  if (process.argv.includes('--check') && shared.length > 0) process.exit(1);
}
