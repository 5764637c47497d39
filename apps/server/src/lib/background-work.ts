import type { FastifyInstance } from 'fastify';

/**
 * Work a webhook starts after it has been answered. Each app keeps its own set so that closing the app
 * waits for it, and tests can wait for it (`settled`) instead of sleeping.
 */
export interface BackgroundWork {
  run(name: string, work: () => Promise<unknown>): void;
  settled(): Promise<void>;
}

export function createBackgroundWork(app: FastifyInstance): BackgroundWork {
  const pending = new Set<Promise<unknown>>();
  const tracker: BackgroundWork = {
    run(name, work) {
      const task = Promise.resolve()
        .then(work)
        .catch((error: unknown) => app.log.warn({ err: error, task: name }, 'background work failed; the reconciliation job will try again'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
  app.addHook('onClose', () => tracker.settled());
  return tracker;
}
