import { afterEach, beforeEach, expect, vi } from 'vitest';

// A console.error during a test is a failure unless the test expects it (spies on console.error itself).
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  expect(calls, 'console.error was called during the test').toEqual([]);
});
