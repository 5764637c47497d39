import { afterAll } from 'vitest';
import { releaseBrowserLock } from './support/browser-lock';

// A test file that launched a browser holds the browser lock (support/browser-lock.ts) until its last test is done.
afterAll(releaseBrowserLock);
