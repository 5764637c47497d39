// npm test: every test, in two Vitest processes side by side. The API lane runs the unit and API files two at a time
// in two long-lived workers; the browser lane runs the browser files one at a time (e2e/support/browser-lock.ts),
// and the process tests, which launch no browser, beside them. In one process the two kinds shared a queue, and
// Vitest keeps a worker that does not start over for the next file only when that file is of the same project:
// a browser file between API files ended an API worker, and the next one loaded the server's code again (about
// 3 s each; 61 workers for 128 files in one run). docs/measurements/suite-time.md. Arguments go to both lanes (a file filter runs
// where it matches).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2);

const lanes = [
  { name: 'API and unit tests', args: ['--project', 'core', '--project', 'server'] },
  { name: 'browser tests', args: ['--project', 'e2e'] },
];

const children = [];
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => children.forEach((child) => child.kill(signal)));

/** A lane's output, passed on a whole line at a time so the two lanes' lines never cut into each other. */
function relay(stream, to) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    if (lines.length) to.write(lines.join('\n') + '\n');
  });
  stream.on('end', () => pending && to.write(pending + '\n'));
}

const started = Date.now();
const results = await Promise.all(
  lanes.map(
    (lane) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [vitest, 'run', '--passWithNoTests', ...lane.args, ...args], {
          cwd: root,
          stdio: ['inherit', 'pipe', 'pipe'],
        });
        children.push(child);
        relay(child.stdout, process.stdout);
        relay(child.stderr, process.stderr);
        child.on('exit', (code, signal) =>
          resolve({ lane, code: code ?? 1, signal, seconds: Math.round((Date.now() - started) / 1000) }),
        );
      }),
  ),
);
for (const { lane, code, signal, seconds } of results)
  console.log(
    `== ${lane.name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} after ${seconds} s`,
  );
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
