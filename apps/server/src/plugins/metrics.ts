import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { apiPaths } from '@lumenfield/contract';
import type { DbHandle } from '../db/create-db';
import { RequestHistogram } from '../lib/request-histogram';
import type { SharedRateLimits } from './rate-limit-store';
import { mailRepository } from '../domains/mail/mail-repository';
import {
  searchOutboxRepository,
  type SearchEngine,
} from '../domains/search/search-outbox-repository';

export interface MetricsOptions {
  database: DbHandle;
  /** The shared rate-limit counters (REDIS_URL), when configured. */
  rateLimits?: SharedRateLimits | undefined;
  /** The search engines configured and their daily budgets (docs/search.md). */
  searchBudgets?: Partial<Record<SearchEngine, number>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics and the process's, in Prometheus' text format (routes/metrics.ts). */
    metricsExposition(): Promise<{ contentType: string; text: string }>;
  }
}

/**
 * Process metrics (CPU, heap, event-loop delay, GC) are the process's, not an app's: collected
 * once however many apps a process builds (the tests build many).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

const SAVE_APPLICANT_ROUTE = `/api${apiPaths.saveApplicant}`;
/** Why an application was refused, by the status it got (docs/operations.md). */
const REFUSAL_REASONS: Record<number, string> = {
  400: 'invalid',
  403: 'forbidden',
  404: 'opening_closed_or_unknown',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/**
 * Metrics in Prometheus' text format: requests by route pattern and status with latency
 * histograms, applications accepted and refused by reason, the database's connections, and the
 * process's event-loop delay, heap and CPU. The event-loop percentiles cover the time since the
 * previous scrape. Served by GET /metrics (routes/metrics.ts), behind the guards' bearer check.
 */
export const metrics = fp<MetricsOptions>(
  async (app: FastifyInstance, { database, rateLimits, searchBudgets = {} }) => {
    const registry = new Registry();
    const requests = new RequestHistogram(
      'http_request_duration_seconds',
      'Time to answer a request, by method, route pattern and status',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    );
    registry.registerMetric(requests.asMetric());
    const accepted = new Counter({
      name: 'lumenfield_applications_accepted_total',
      help: 'Applications stored (new) or answered with the stored one (duplicate)',
      labelNames: ['kind'] as const,
      registers: [registry],
    });
    const refused = new Counter({
      name: 'lumenfield_applications_refused_total',
      help: 'Applications refused, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'lumenfield_db_connections',
      help: 'Database connections: PostgreSQL pool (total, idle, waiting clients); SQLite: one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = database.connections();
        this.set({ state: 'total' }, now.total);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
    const mail = mailRepository(database.db);
    new Gauge({
      name: 'lumenfield_mail_queue',
      help: 'Queued mail: waiting to be sent (pending) and given up on after every try (failed)',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        const depth = await mail.depth();
        this.set({ status: 'pending' }, depth.pending);
        this.set({ status: 'failed' }, depth.failed);
      },
    });

    const searchOutbox = searchOutboxRepository(database.db);
    const engines = Object.entries(searchBudgets) as [SearchEngine, number][];
    const outboxStates = () =>
      Promise.all(
        engines.map(async ([engine, budget]) => ({
          engine,
          budget,
          state: await searchOutbox.state(engine, app.now()),
        })),
      );
    new Gauge({
      name: 'lumenfield_search_outbox',
      help: 'Notices to search engines: due (waiting for a run or the next day), scheduled (a later date or retry), failed (given up)',
      labelNames: ['engine', 'status'] as const,
      registers: [registry],
      async collect() {
        for (const { engine, state } of await outboxStates()) {
          this.set({ engine, status: 'due' }, state.due);
          this.set({ engine, status: 'scheduled' }, state.scheduled);
          this.set({ engine, status: 'failed' }, state.failed);
        }
      },
    });
    new Gauge({
      name: 'lumenfield_search_sent_today',
      help: 'Notices each search engine took since 00:00 UTC: what its daily budget counts',
      labelNames: ['engine'] as const,
      registers: [registry],
      async collect() {
        for (const { engine, state } of await outboxStates()) this.set({ engine }, state.sentToday);
      },
    });
    new Gauge({
      name: 'lumenfield_search_daily_budget',
      help: 'Notices each search engine is sent a day at most (INDEXNOW_DAILY_BUDGET, GOOGLE_INDEXING_DAILY_BUDGET)',
      labelNames: ['engine'] as const,
      registers: [registry],
      collect() {
        for (const [engine, budget] of engines) this.set({ engine }, budget);
      },
    });

    new Gauge({
      name: 'lumenfield_rate_limit_store_fallback',
      help: "1 while Redis is away and this node's rate limits count on their own; 0 otherwise",
      registers: [registry],
      collect() {
        this.set(rateLimits?.fallback() ? 1 : 0);
      },
    });

    const repeated = new Counter({
      name: 'lumenfield_repeat_reads_total',
      help: 'Public API reads answered again from what the whole chain sent for them before',
      registers: [registry],
    });

    app.addHook('onResponse', (request, reply, done) => {
      if (request.repeatRead) repeated.inc();
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      requests.observe(request.method, route, status, reply.elapsedTime / 1000);
      if (route === SAVE_APPLICANT_ROUTE && request.method === 'POST') {
        if (status === 201) accepted.inc({ kind: 'new' });
        else if (status === 200) accepted.inc({ kind: 'duplicate' });
        else refused.inc({ reason: REFUSAL_REASONS[status] ?? 'error' });
      }
      done();
    });

    app.decorate('metricsExposition', async () => {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    });
  },
  { name: 'metrics' },
);
