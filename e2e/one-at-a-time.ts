import { afterAll, beforeEach } from 'vitest';
import { forgetWatchedPages, tellWatchedPages } from './support/browser';
import { releaseBrowserLock } from './support/browser-lock';

// A test file that launched a browser holds the browser lock (support/browser-lock.ts) until its last test is done.
afterAll(releaseBrowserLock);
afterAll(forgetWatchedPages);
// A failing test tells what its watched pages went through (support/browser.ts, watchPage).
beforeEach(({ onTestFailed }) => onTestFailed(tellWatchedPages));
