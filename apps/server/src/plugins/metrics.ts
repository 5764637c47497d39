import { DomainError } from '@coop/core';
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One sample of a figure read from the database: its labels (if the figure has any) and its value. */
export interface Reading {
  labels?: Record<string, string>;
  value: number;
}

export interface GaugeDefinition {
  name: string;
  help: string;
  labelNames?: readonly string[];
  /** One cheap query, run once per scrape; its rows replace the figure's samples (a label set gone is gone). */
  read: () => Promise<readonly Reading[]>;
}

/**
 * app.metrics: what GET /metrics answers. Plugins and the job runner know no module, so each module adds its own
 * figures while it registers: states held in the database as gauges read at scrape time, events of this process
 * as counters.
 */
export interface Metrics {
  gauge(definition: GaugeDefinition): void;
  counter<L extends string>(definition: { name: string; help: string; labelNames: readonly L[] }): Counter<L>;
  /** The exposition text of one scrape (the route's answer; tests read it too). */
  scrape(): Promise<string>;
}

/** Every figure a scrape reads from the database shares this much time, so a slow database still gets an answer. */
const READ_BUDGET_MS = 5_000;
/** The `select 1` that says whether the database answers waits at most this long. */
const PING_TIMEOUT_MS = 2_000;
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Node's own figures (memory, CPU, event-loop delay, garbage collection) belong to the process, not to an app:
 * they are collected once per process, whatever the number of apps a test builds.
 */
let processRegistry: Registry | undefined;
function processMetrics() {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

class ReadTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ReadTimeout(`no answer within ${ms} ms`)), Math.max(ms, 0));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time: both sides are hashed first, so neither the content nor the length of the token leaks by timing. */
function holdsToken(request: FastifyRequest, token: string) {
  // The scheme's name is case-insensitive (RFC 9110); Prometheus sends "Bearer".
  const sent = /^bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token));
}

const statusClass = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const registry = new Registry();
  const readings: { gauge: Gauge; definition: GaugeDefinition }[] = [];

  const requestDuration = new Histogram({
    name: 'coop_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (never the raw URL), method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'coop_database_up',
    help: 'Whether the database answered select 1 during this scrape (1) or not (0)',
    registers: [registry],
  });
  const databasePing = new Gauge({
    name: 'coop_database_ping_seconds',
    help: "Time the scrape's select 1 took, waiting for a connection included (on PGlite, its wait behind other statements)",
    registers: [registry],
  });
  const readFailures = new Counter({
    name: 'coop_metrics_read_failures_total',
    help: 'Figures a scrape could not read from the database (left out of that scrape)',
    labelNames: ['metric'] as const,
    registers: [registry],
  });
  const scrapeDuration = new Gauge({
    name: 'coop_metrics_scrape_duration_seconds',
    help: 'Time this scrape spent reading the database (its cost)',
    registers: [registry],
  });

  // node-postgres' pool (drizzle keeps it as $client); PGlite is one connection inside the process, with no pool.
  const pool = app.database.kind === 'postgres' ? (app.db as unknown as { $client: pg.Pool }).$client : null;
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge(
      'coop_database_pool_max_connections',
      'Connections this instance opens to PostgreSQL at most (DATABASE_POOL_SIZE)',
      () => app.config.databasePoolSize,
    );
    poolGauge(
      'coop_database_pool_open_connections',
      'Connections open now, busy or idle',
      () => pool.totalCount,
    );
    poolGauge(
      'coop_database_pool_idle_connections',
      'Open connections no statement uses now',
      () => pool.idleCount,
    );
    poolGauge(
      'coop_database_pool_waiting_requests',
      'Statements waiting for a free connection now',
      () => pool.waitingCount,
    );
  }

  const refreshReadings = async () => {
    const started = performance.now();
    const deadline = started + READ_BUDGET_MS;
    let up = false;
    try {
      await withTimeout(app.db.execute(sql`select 1`), PING_TIMEOUT_MS);
      up = true;
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: the database did not answer select 1');
    }
    databaseUp.set(up ? 1 : 0);
    databasePing.set((performance.now() - started) / 1000);
    // One statement at a time: a scrape holds one of the pool's connections (more only while a reading that ran out
    // of time still runs).
    for (const { gauge, definition } of readings) {
      gauge.reset();
      if (!up) continue; // the database is down: coop_database_up says it, the figures are left out
      try {
        for (const reading of await withTimeout(definition.read(), deadline - performance.now())) {
          if (reading.labels) gauge.set(reading.labels, reading.value);
          else gauge.set(reading.value);
        }
      } catch (error) {
        readFailures.inc({ metric: definition.name });
        app.log.warn(
          { err: error, metric: definition.name },
          'metrics: a figure could not be read; it is left out of this scrape',
        );
      }
    }
    scrapeDuration.set((performance.now() - started) / 1000);
  };

  // Two scrapes at once (two Prometheus servers) share one reading of the database rather than interleave.
  let inFlight: Promise<string> | null = null;
  const scrape = () => {
    inFlight ??= (async () => {
      try {
        await refreshReadings();
        return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  const metrics: Metrics = {
    gauge(definition) {
      const gauge = new Gauge({
        name: definition.name,
        help: definition.help,
        labelNames: definition.labelNames ?? [],
        registers: [registry],
      });
      readings.push({ gauge, definition });
    },
    counter(definition) {
      return new Counter({ ...definition, registers: [registry] });
    },
    scrape,
  };
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/admin/members/:id), never the URL: one series per route, and no member's id in it.
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe(
      { route, method: request.method, status_class: statusClass(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  /**
   * GET /metrics for Prometheus. Off (404, as for any unknown address) until METRICS_TOKEN is set; then only a
   * request with `Authorization: Bearer <METRICS_TOKEN>` gets the figures, others a 401 that says what to send.
   */
  app.get(
    '/metrics',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN); 404 while METRICS_TOKEN is unset',
      },
    },
    async (request, reply) => {
      const token = app.config.metricsToken;
      if (!token) return reply.callNotFound();
      if (!holdsToken(request, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new DomainError(
          'metrics_token',
          'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.',
        );
      }
      const text = await scrape();
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
});
