import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { holdBrowserLock } from './browser-lock';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let people = 0;

/**
 * Chromium for a test. Each page or context it opens is a different person with an address of their own, as the
 * platform sees it behind one proxy (the e2e platform runs with TRUST_PROXY=1, and the test browser plays the
 * proxy, whose X-Forwarded-For entry is the one trusted): the per-address limits on sign-in
 * then count one person, as they do for real, not the whole suite arriving from 127.0.0.1.
 */
export async function launchBrowser(): Promise<Browser> {
  await holdBrowserLock();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options: BrowserContextOptions = {}) => {
    people += 1;
    const address = `10.${(process.pid >> 8) & 255}.${(people >> 8) & 255}.${people & 255}`;
    return newContext({
      ...options,
      extraHTTPHeaders: { 'x-forwarded-for': address, ...options.extraHTTPHeaders },
    });
  };
  // Like Playwright's own newPage: a page in a context of its own, closed with it.
  browser.newPage = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => {
      context.close().catch((error: Error) => {
        // Closing the browser closes its pages first, and their contexts are already going.
        if (!/has been closed/.test(error.message)) throw error;
      });
    });
    return page;
  };
  return browser;
}

/**
 * What each watched page went through lately (every console line, page error, failed request and answer of 400 or
 * more), told when a test fails (tellWatchedPages, one-at-a-time.ts): a page that never started says why.
 */
const journals = new Map<Page, string[]>();

export async function tellWatchedPages() {
  for (const [page, journal] of journals) {
    if (page.isClosed()) continue;
    const running = await page
      .locator('html[data-running]')
      .count()
      .then(
        (n) => (n > 0 ? 'yes' : 'no'),
        () => 'unknown',
      );
    console.error(
      `a watched page at ${page.url()} (React running: ${running}), lately:\n  ${journal.join('\n  ') || '(nothing)'}`,
    );
  }
}

export function forgetWatchedPages() {
  journals.clear();
}

/** Collects the page's console errors and failed requests so a test can assert there were none. */
export function watchPage(page: Page) {
  const problems: string[] = [];
  const journal: string[] = [];
  journals.set(page, journal);
  const note = (line: string) => {
    journal.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (journal.length > 40) journal.shift();
  };
  page.on('console', (msg) => note(`console ${msg.type()}: ${msg.text()}`));
  page.on('pageerror', (err) => note(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => note(`requestfailed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
  page.on('response', (res) => {
    if (res.status() >= 400) note(`answer ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated: ${frame.url()}`);
  });
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // The not-found page is sent with status 404 on purpose, and Chromium logs the status of the page itself.
    if (msg.text().includes('status of 404') && msg.location().url === page.url()) return;
    problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText ?? '';
    // A load cut short because the page moved on (a navigation, a closed dialog) is not a fault of the page.
    if (error !== 'net::ERR_ABORTED') problems.push(`requestfailed: ${req.url()} ${error}`);
  });
  return problems;
}

/** Opens a page and waits until React runs it: public pages arrive as the server's HTML first. */
export async function openPage(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-running]').waitFor({ state: 'attached' });
  return response;
}

/**
 * The confirmation that waits for no tap (issue 38): a toast in the page's status region. Waits until it shows
 * `text` and returns all it says; the page has already moved on.
 */
export async function toastSays(page: Page, text: string | RegExp = /./) {
  const toast = page.locator('[role="status"] > [data-testid="toast"]').filter({ hasText: text });
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}

/** Waits until a page has its data: the loading image gone and the page's own heading shown. */
export async function settled(page: Page) {
  await page.locator('#boot-loader').waitFor({ state: 'detached' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** Where to keep screenshots of screens for a look by eye (E2E_SCREENSHOTS; unset: none are taken). */
const shots = process.env.E2E_SCREENSHOTS;

/** Screenshots at 1280 and 360 px wide; the layout's sidebar slides on a resize, so each waits for it to settle. */
export async function lookAt(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
