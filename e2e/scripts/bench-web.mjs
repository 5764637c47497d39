// npm run bench:web: what the home page costs a phone. Starts the built platform on a fresh data folder,
// opens the home page in Chromium and adds up the gzip size of every JavaScript and CSS file it requested,
// then runs Lighthouse (mobile, simulated slow 4G) three times for the performance and accessibility scores
// (the median run is reported; LIGHTHOUSE_RUNS changes the count).
// Targets: JavaScript under 120 KB gzip; both scores 95 or more. Exits 1 when a target is missed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { register } from 'tsx/esm/api';

register();
const { freePort, removeDir, repoRoot, startPlatform } = await import('../support/server.ts');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const JS_BUDGET_KB = 120;
const SCORE_TARGET = 95;
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Every script and stylesheet the home page requests until the network is idle, with its gzip size. */
async function homePageFiles(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  const pending = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(response.body().then((body) => ({ type, file: new URL(response.url()).pathname, bytes: body.length, gzip: gzipSync(body).length })));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor({ state: 'attached' });
  const files = await Promise.all(pending);
  await browser.close();
  return files;
}

/** Chromium with a DevTools port for Lighthouse; the profile lives in a temporary folder. */
async function launchForLighthouse() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'coop-lighthouse-'));
  const child = spawn(CHROMIUM, ['--headless=new', ...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, '--no-first-run', 'about:blank'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      removeDir(profile);
    },
  };
}

/**
 * The platform serving a production build. scripts/start.mjs rebuilds the client when a source file is newer
 * than the build, under the caller's NODE_ENV (a development build when that is "test"); in a tree where
 * people are editing, that can happen between our build and the start, so the served build is checked and
 * the run retried.
 */
async function startWithProductionBuild() {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@coop/web'], { cwd: repoRoot, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
    if (build.status !== 0) throw new Error('The web build failed: run npm run build -w @coop/web to see why.');
    const server = await startPlatform({ DEMO_ADMIN_PASSWORD: 'bench-admin-password' });
    const html = await (await fetch(`${server.url}/`)).text();
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    const code = entry ? await (await fetch(server.url + entry)).text() : '';
    if (!code.includes('jsx-dev-runtime') && !code.includes('react-dom.development')) return server;
    console.log(`The platform rebuilt the client in development mode while starting (a source changed); trying again (${attempt}/3).`);
    await server.stop();
    removeDir(server.dataDir);
  }
  throw new Error('Could not start the platform on a production build: sources kept changing.');
}

const server = await startWithProductionBuild();
let failed = false;
try {
  const files = await homePageFiles(`${server.url}/`);
  console.log('Files the home page loads (gzip):');
  for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.type.padEnd(10)} ${kb(f.gzip).padStart(6)} KB  (${kb(f.bytes)} KB raw)  ${f.file}`);
  const total = (type) => files.filter((f) => f.type === type).reduce((sum, f) => sum + f.gzip, 0);
  const js = total('script');
  console.log(`JavaScript: ${kb(js)} KB gzip in ${files.filter((f) => f.type === 'script').length} files (target: under ${JS_BUDGET_KB} KB)`);
  console.log(`CSS:        ${kb(total('stylesheet'))} KB gzip`);
  const private_ = files.filter((f) => /member|admin|dashboard/i.test(f.file));
  if (private_.length > 0) {
    console.log(`The home page loaded member or admin code: ${private_.map((f) => f.file).join(', ')}`);
    failed = true;
  }
  if (js / 1024 >= JS_BUDGET_KB) failed = true;

  // Lighthouse's own advice: its performance score varies from run to run, so take the median of several.
  const runs = [];
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
    const chrome = await launchForLighthouse();
    try {
      const result = await lighthouse(`${server.url}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      const { categories, runtimeError } = result.lhr;
      if (runtimeError) console.log(`Lighthouse could not measure the page: ${runtimeError.code} ${runtimeError.message}`);
      const scores = { performance: Math.round(categories.performance.score * 100), accessibility: Math.round(categories.accessibility.score * 100) };
      console.log(`  Lighthouse run ${run}: performance ${scores.performance}, accessibility ${scores.accessibility} (machine load ${loadavg()[0].toFixed(1)})`);
      runs.push({ ...scores, lhr: result.lhr });
    } finally {
      await chrome.stop();
    }
  }
  const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
  const { audits, environment } = median.lhr;
  const metricErrors = ['first-contentful-paint', 'largest-contentful-paint'].map((id) => audits[id].errorMessage).filter(Boolean);
  if (metricErrors.length > 0) console.log(`Lighthouse metric errors: ${metricErrors.join('; ')}`);
  console.log(`Lighthouse (mobile, simulated slow 4G), median of ${runs.length} runs: performance ${median.performance}, accessibility ${median.accessibility} (target: ${SCORE_TARGET} or more)`);
  // Lighthouse times the page's main thread on this machine: a busy machine lowers the performance score.
  console.log(`  ${cpus().length} cores; Lighthouse's CPU benchmark index: ${Math.round(environment.benchmarkIndex)}`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    console.log(`  ${audits[id].title}: ${audits[id].displayValue}`);
  }
  const lcpElement = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  if (lcpElement) console.log(`  largest paint: ${lcpElement}`);
  const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
  for (const audit of failing) console.log(`  not passed: ${audit.id} (${audit.title})`);
  if (median.performance < SCORE_TARGET || median.accessibility < SCORE_TARGET) failed = true;
} finally {
  await server.stop();
  removeDir(server.dataDir);
}
process.exit(failed ? 1 : 0);
