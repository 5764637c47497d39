import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { countHit, deleteEndedWindows } from './rate-limit-counts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store that counts in the platform's database (PostgreSQL, or PGlite in-process), so
 * several instances share every limit. Route limits (config.rateLimit) key by route; the limits made with
 * createRateLimit carry their own names in their keys.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    constructor(
      _globalParams: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The plugin hands in the route's merged limit options, whose routeInfo is the route (empty for createRateLimit).
    child(routeOptions: object) {
      const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const route = info?.url ? `${String(info.method)} ${info.url}|` : '';
      return new DatabaseRateLimitStore(undefined, route);
    }
  };
}

const FIFTEEN_MINUTES = 15 * 60_000;

export function addRateLimitCleanup(app: FastifyInstance) {
  app.jobs.add({
    name: 'rate-limit-cleanup',
    everyMs: FIFTEEN_MINUTES,
    run: (now) => deleteEndedWindows(app.db, now),
  });
}
