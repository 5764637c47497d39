// npm run screenshots: every screen at 360 px and 1280 px into screenshots/, from the built platform on a
// fresh data folder. Each module in screens/ (sorted) exports `async ({ browser, baseURL, shoot })`.
// A screenshot whose page overflows sideways or shows a broken image is reported and fails the run.
/* global document, getComputedStyle -- the layout check runs inside the page */
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { chromium } from 'playwright-core';

register();
const here = path.dirname(fileURLToPath(import.meta.url));
const { createAdministrators, removeDir, repoRoot, startPlatform } = await import('../support/server.ts');
const { CHECKER_ADMIN, DEMO_ADMIN, MAKER_ADMIN } = await import('../support/admins.ts');

const outDir = path.join(repoRoot, 'screenshots');
const widths = [360, 1280];
mkdirSync(outDir, { recursive: true });

/** Sideways overflow and broken images on the page as it is now. */
async function layoutProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      const wide = [...document.querySelectorAll('body *')]
        .filter(
          (el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed',
        )
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}`);
      problems.push(
        `overflows sideways (${document.documentElement.scrollWidth}px > ${width}px): ${wide.join(', ')}`,
      );
    }
    for (const img of document.images)
      if (!img.complete || img.naturalWidth === 0) problems.push(`broken image ${img.src}`);
    return problems;
  });
}

const problems = [];
async function shoot(page, name) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 768 ? 780 : 900 });
    await page.waitForTimeout(150);
    for (const problem of await layoutProblems(page)) problems.push(`${name} at ${width}px: ${problem}`);
    await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`), fullPage: true });
  }
  console.log(`  ${name}`);
}

// Three administrators, as an operator makes them (what npm run admin:create runs, in this process), so the approval
// screens have a second one to approve; the checker enrols its second factor, without which an approval is refused.
const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-shots-'));
await createAdministrators(dataDir, [DEMO_ADMIN, CHECKER_ADMIN, MAKER_ADMIN]);
// Contact details and social links set, so the pictures show every part of the layout.
const server = await startPlatform(
  {
    DEMO_ADMIN_PASSWORD: 'demo-admin-password',
    SITE_PHONES: '+234 803 123 4567, +234 905 765 4321, +234 701 222 3333',
    SITE_ADDRESS: '12 Adeola Odeku Street, Victoria Island, Lagos',
    SITE_FACEBOOK_URL: 'https://facebook.com/example',
    SITE_TWITTER_URL: 'https://x.com/example',
    SITE_INSTAGRAM_URL: 'https://instagram.com/example',
  },
  { dataDir },
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let failed = false;
try {
  // SCREENS=member (comma-separated) takes only those modules' screenshots.
  const only = process.env.SCREENS?.split(',');
  const modules = readdirSync(path.join(here, 'screens'))
    .filter((f) => /\.m?js$/.test(f) && (!only || only.includes(f.replace(/\.m?js$/, ''))))
    .sort();
  for (const file of modules) {
    console.log(`${file}:`);
    const screens = await import(pathToFileURL(path.join(here, 'screens', file)).href);
    await screens.default({ browser, baseURL: server.url, shoot, outDir });
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser.close();
  await server.stop();
  removeDir(server.dataDir);
}
if (problems.length > 0) {
  console.error(`\nLayout problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  failed = true;
}
console.log(`\nScreenshots in ${path.relative(process.cwd(), outDir) || '.'}/`);
process.exit(failed ? 1 : 0);
