// The server's modules depend one way: an import from one module (apps/server/src/modules/<name>, or an
// adapter) into another is refused when the other one already reaches back, directly or through others.
// import-x/no-cycle sees loops of files only; two folders can import each other without any file loop.
import fs from 'node:fs';
import path from 'node:path';

const UNIT = /[\\/]apps[\\/]server[\\/]src[\\/](modules|adapters)[\\/]([^\\/]+)[\\/]/;
const unitOf = (file) => {
  const match = UNIT.exec(file);
  return match ? `${match[1]}/${match[2]}` : null;
};

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

const graphs = new Map();
/** Which units each unit imports, read once per lint run from the source tree the linted file is in. */
function unitGraph(srcRoot) {
  if (graphs.has(srcRoot)) return graphs.get(srcRoot);
  const graph = new Map();
  for (const file of sourceFiles(srcRoot)) {
    const from = unitOf(file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = unitOf(path.resolve(path.dirname(file), match[1] ?? match[2]) + path.sep);
      const target = to ?? unitOf(path.resolve(path.dirname(file), match[1] ?? match[2]));
      if (target && target !== from) graph.get(from).add(target);
    }
  }
  graphs.set(srcRoot, graph);
  return graph;
}

/** A path of units from `start` to `goal`, or null. */
function pathBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const unit = queue.shift();
    if (unit === goal) {
      const route = [];
      for (let at = goal; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of graph.get(unit) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, unit);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description: 'A server module may not import a module that imports it back, directly or in a loop',
    },
    messages: {
      loop: '{{from}} imports {{to}}, which reaches back: {{route}}. Modules depend one way: move the shared piece a floor down (lib/, plugins/, core) or let the lower module offer a hook the higher one fills.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = unitOf(file);
    if (!from) return {};
    const srcRoot = file.slice(0, UNIT.exec(file).index) + path.join(path.sep, 'apps', 'server', 'src');
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), source);
      const to = unitOf(resolved + path.sep) ?? unitOf(resolved);
      if (!to || to === from) return;
      const back = pathBetween(unitGraph(srcRoot), to, from);
      if (back)
        context.report({ node, messageId: 'loop', data: { from, to, route: [from, ...back].join(' -> ') } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
