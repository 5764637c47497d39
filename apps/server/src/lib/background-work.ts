import type { FastifyInstance } from 'fastify';

/**
 * Work a webhook starts after it has been answered. Each app keeps its own set so that closing the app
 * waits for it, and tests can wait for it (`settled`) instead of sleeping.
 */
export interface BackgroundWork {
  run(name: string, work: () => Promise<unknown>): void;
  settled(): Promise<void>;
  /** The app is closing: work waiting for the database to come back gives up its wait (decision 0042). */
  readonly closing: boolean;
}

export function createBackgroundWork(app: FastifyInstance): BackgroundWork {
  const pending = new Set<Promise<unknown>>();
  let closing = false;
  const tracker: BackgroundWork = {
    run(name, work) {
      const task = Promise.resolve()
        .then(work)
        .catch((error: unknown) =>
          app.log.warn(
            { err: error, task: name },
            'background work failed; the reconciliation job will try again',
          ),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    get closing() {
      return closing;
    },
  };
  app.addHook('onClose', () => {
    closing = true;
    return tracker.settled();
  });
  return tracker;
}
