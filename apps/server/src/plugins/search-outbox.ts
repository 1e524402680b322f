import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { googleIndexingClient, indexNowClient } from '../domains/search/search-engines';
import type { SearchEngine, SearchTelling } from '../domains/search/search-outbox-repository';
import {
  createSearchSender,
  type SearchEngines,
  type SearchSender,
} from '../domains/search/search-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the search engines what the outbox holds (docs/search.md): every SEARCH_POLL_MS. */
    searchSender: SearchSender;
  }
}

/** The engines configured, and the origin their URLs are on (config.ts requires PUBLIC_URL). */
export function searchTelling(config: Config): SearchTelling {
  const engines: SearchEngine[] = [];
  if (config.search.indexNow) engines.push('indexnow');
  if (config.search.google) engines.push('google');
  return { origin: config.publicUrl ?? '', engines };
}

/** The engines configured, each with its daily budget (metrics). */
export function searchBudgets(config: Config): Partial<Record<SearchEngine, number>> {
  const { indexNow, google } = config.search;
  return {
    ...(indexNow && { indexnow: indexNow.dailyBudget }),
    ...(google && { google: google.dailyBudget }),
  };
}

/** The clients of the engines configured, each with its daily budget. */
export function searchEngines(
  config: Config,
  clock: () => Date,
  stopping?: AbortSignal,
): SearchEngines {
  const { indexNow, google } = config.search;
  const origin = config.publicUrl ?? '';
  return {
    ...(indexNow && {
      indexnow: {
        client: indexNowClient(indexNow, origin, stopping),
        dailyBudget: indexNow.dailyBudget,
      },
    }),
    ...(google && {
      google: {
        client: googleIndexingClient(google, clock, stopping),
        dailyBudget: google.dailyBudget,
      },
    }),
  };
}

/** The search sender and its timer: started when the app is ready, stopped when it closes. */
export const searchOutbox = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const clock = () => app.now();
    // Shutting down aborts a request in flight: SIGTERM never waits for a slow engine.
    const stopping = new AbortController();
    const sender = createSearchSender({
      outbox: app.repos.searchOutbox,
      leases: app.repos.leases,
      engines: searchEngines(config, clock, stopping.signal),
      log: app.log,
      clock,
    });
    app.decorate('searchSender', sender);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    app.addHook('onReady', async () => {
      if (config.search.pollMs === 0 || searchTelling(config).engines.length === 0) return;
      timer = setInterval(() => {
        // One run at a time: a tick while one runs is skipped, never queued behind it.
        running ??= sender
          .runOnce()
          .then((result) => {
            // Counts per engine only when something happened (URLs of failures: warn lines).
            const busy = Object.values(result ?? {}).some(
              (tally) => tally.sent + tally.failed + tally.retried > 0,
            );
            if (busy) app.log.info({ search: result }, 'search engines told');
          })
          .catch((error: unknown) => app.log.warn({ err: error }, 'search outbox not read'))
          .finally(() => (running = undefined));
      }, config.search.pollMs);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      sender.stop();
      stopping.abort();
    });
    app.addHook('onClose', async () => {
      await running;
    });
  },
  { name: 'search-outbox', dependencies: ['repositories'] },
);
