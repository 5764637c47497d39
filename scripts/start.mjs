// npm start: builds the client (and its server renderer) when missing or older than their sources, then runs the server
// (which migrates the database and, outside production, seeds the demo administrator).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

// The platform runs on Node 24 (decision 0044). `npm start` already finds the project's own Node 24 (the `node` package
// in node_modules/.bin); started as `node scripts/start.mjs` on an older Node, hand over to it.
const projectNode = path.join(root, 'node_modules/.bin/node');
if (Number(process.versions.node.split('.')[0]) < 24 && existsSync(projectNode)) {
  // The child is the platform: a process manager's SIGTERM (a rolling restart) must reach it, and its exit is ours.
  const child = spawn(projectNode, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await startPlatform();
}

async function startPlatform() {
  const builtIndex = path.join(root, 'apps/web/dist/index.html');
  const builtRenderer = path.join(root, 'apps/web/dist-server/entry-server.js');

  function newestMtime(dir) {
    let newest = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
    }
    return newest;
  }

  const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/core/src'].map((p) =>
    path.join(root, p),
  );
  const sourceTime = Math.max(
    ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  const built = [builtIndex, builtRenderer];
  if (built.some((file) => !existsSync(file) || statSync(file).mtimeMs < sourceTime)) {
    console.log('Building the web client...');
    const result = spawnSync('npm', ['run', 'build', '-w', '@coop/web'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }

  const { register } = await import('tsx/esm/api');
  register();
  await import(path.join(root, 'apps/server/src/server.ts'));
}
