import { Worker, type WorkerOptions } from 'node:worker_threads';

// The server runs its TypeScript through tsx (decision 0002), registered on the main thread only: a worker thread
// registers it again before loading its own file.
const tsxApi = import.meta.resolve('tsx/esm/api');

/** A worker thread running one of the server's TypeScript files (`file`, a URL beside the caller's). */
export function startTsWorker(file: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
