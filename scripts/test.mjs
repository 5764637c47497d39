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

/** A lane's output, passed on a whole line at a time so the two lanes' lines never cut into each other, and kept. */
function relay(stream, to, kept) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    if (lines.length) to.write(lines.join('\n') + '\n');
    kept.push(...lines);
  });
  stream.on('end', () => {
    if (pending) to.write(pending + '\n');
    kept.push(pending);
  });
}

// eslint-disable-next-line no-control-regex -- the colours Vitest writes are control sequences
const colour = /\x1b\[[0-9;]*m/g;
const banner = /⎯+ (Failed Tests|Failed Suites|Unhandled Errors?)/;

/**
 * What failed in a lane, told again after both lanes end: the lanes run side by side, so a lane's own report of its
 * failures can sit hundreds of lines above the end, where a reader of only the last screen (CI's) never sees it. Each
 * failing test's name and the first lines of its error, at most `limit` lines.
 */
function failures(lines, limit = 40) {
  const plain = lines.map((line) => line.replace(colour, ''));
  const from = plain.findIndex((line) => banner.test(line));
  if (from < 0) return plain.slice(-limit);
  const told = [];
  let errorLines = 0;
  for (const line of plain.slice(from)) {
    if (banner.test(line) || /^\s*FAIL\s/.test(line)) errorLines = 7;
    if (errorLines > 0 && line.trim()) {
      told.push(line);
      errorLines -= 1;
    }
    if (told.length >= limit) break;
  }
  return told;
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
        const kept = [];
        relay(child.stdout, process.stdout, kept);
        relay(child.stderr, process.stderr, kept);
        child.on('close', (code, signal) =>
          resolve({
            lane,
            kept,
            code: code ?? 1,
            signal,
            seconds: Math.round((Date.now() - started) / 1000),
          }),
        );
      }),
  ),
);
for (const { lane, kept, code } of results)
  if (code !== 0)
    console.log(`== what failed in the ${lane.name}, told again:\n${failures(kept).join('\n')}`);
for (const { lane, code, signal, seconds } of results)
  console.log(
    `== ${lane.name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} after ${seconds} s`,
  );
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
