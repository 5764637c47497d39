/**
 * Work that the database would serialise anyway (a row lock every such transaction takes), run at most `limit` at a
 * time per key inside this process: the rest wait for their turn here, without a pooled connection, so the pool stays
 * free for everything else. The database's lock still decides between processes.
 */
export function inTurn(limit: number) {
  const running = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();
  return async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    if ((running.get(key) ?? 0) >= limit) {
      await new Promise<void>((resolve) => {
        const queue = waiting.get(key) ?? [];
        queue.push(resolve);
        waiting.set(key, queue);
      });
    } else running.set(key, (running.get(key) ?? 0) + 1);
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line (the count stays), or is given back.
      const next = waiting.get(key)?.shift();
      if (waiting.get(key)?.length === 0) waiting.delete(key);
      if (next) next();
      else if ((running.get(key) ?? 0) <= 1) running.delete(key);
      else running.set(key, running.get(key)! - 1);
    }
  };
}
