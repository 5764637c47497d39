// Each table has one owner (decision 0047): only the files of the unit that owns a schema file may name its
// tables, in SQL text or through their Drizzle table objects. Others call the owner's functions. The zones (schema
// file -> owning unit) are the rule's options in eslint.config.js; the tables are read from the schema files.
import fs from 'node:fs';
import path from 'node:path';

const SRC = /^(.*[\\/]apps[\\/]server[\\/]src)[\\/](.*)$/;
/** SQL that names a table: from/join/update/into/table/exists followed by the name. */
export const SQL_TABLE = /\b(?:from|join|update|into|table|exists)\s+"?([a-z_][a-z0-9_]*)"?/gi;
const TABLE_DECLARATION = /export const (\w+) = pgTable\(\s*'([a-z0-9_]+)'/g;

/** The unit a source file belongs to: a module, an adapter, or a top folder (or file) of src. */
export function unitOf(relativePath) {
  const [top = '', next = '', ...rest] = relativePath.split(/[\\/]/);
  if ((top === 'modules' || top === 'adapters') && rest.length > 0) return `${top}/${next}`;
  if (top === 'db' && next === 'schema') return 'db/schema';
  return top.replace(/\.tsx?$/, '');
}

const catalogues = new Map();
/** Per source tree: table object name -> table, and table -> owning unit, from the zones and the schema files. */
function catalogue(srcRoot, zones) {
  const key = `${srcRoot}\n${JSON.stringify(zones)}`;
  if (catalogues.has(key)) return catalogues.get(key);
  const tableOfObject = new Map();
  const ownerOfTable = new Map();
  for (const { schema, owner } of zones) {
    const text = fs.readFileSync(path.join(srcRoot, schema), 'utf8');
    for (const [, object, table] of text.matchAll(TABLE_DECLARATION)) {
      tableOfObject.set(object, table);
      ownerOfTable.set(table, owner);
    }
  }
  const result = { tableOfObject, ownerOfTable };
  catalogues.set(key, result);
  return result;
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description: "A table is named only by the unit that owns it; others call the owner's functions",
    },
    messages: {
      object:
        "{{unit}} uses {{object}}, {{owner}}'s table ({{table}}). Each table has one owner: call a function {{owner}} exports.",
      sql: "{{unit}} names {{table}} in SQL, {{owner}}'s table. Each table has one owner: call a function {{owner}} exports (or a fragment its store gives).",
      unowned:
        'db/schema/{{file}} is not in the table-owner zones of eslint.config.js: say which unit owns it.',
    },
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: { schema: { type: 'string' }, owner: { type: 'string' } },
          required: ['schema', 'owner'],
        },
      },
    ],
  },
  create(context) {
    const match = SRC.exec(context.filename);
    // Tests beside the code set up and read any table they need, as the tests under apps/server/test do.
    if (!match || /\.test\.tsx?$/.test(context.filename)) return {};
    const [, srcRoot, relative] = match;
    const unit = unitOf(relative);
    const zones = context.options[0] ?? [];
    if (unit === 'db/schema') {
      const file = path.basename(relative);
      const zoned = file === 'index.ts' || zones.some((zone) => path.basename(zone.schema) === file);
      return zoned
        ? {}
        : { Program: (node) => context.report({ node, messageId: 'unowned', data: { file } }) };
    }
    const { tableOfObject, ownerOfTable } = catalogue(srcRoot, zones);
    const foreign = (table) => {
      const owner = ownerOfTable.get(table);
      return owner && owner !== unit ? owner : null;
    };
    const checkText = (node, text) => {
      for (const [, name] of text.matchAll(SQL_TABLE)) {
        const owner = foreign(name);
        if (owner) context.report({ node, messageId: 'sql', data: { unit, table: name, owner } });
      }
    };
    return {
      ImportDeclaration(node) {
        if (!/db\/schema/.test(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier') continue;
          const object = specifier.imported.name;
          const table = tableOfObject.get(object);
          const owner = table && foreign(table);
          if (owner)
            context.report({ node: specifier, messageId: 'object', data: { unit, object, table, owner } });
        }
      },
      Literal(node) {
        if (typeof node.value === 'string') checkText(node, node.value);
      },
      TemplateElement(node) {
        checkText(node, node.value.cooked ?? node.value.raw);
      },
    };
  },
};
