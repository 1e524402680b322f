import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  INDEXNOW_BATCH,
  type EngineAnswer,
  type GoogleIndexingClient,
  type IndexNowClient,
} from './search-engines';
import {
  dayStart,
  type SearchEngine,
  type SearchNotice,
  type SearchOutboxRepository,
} from './search-outbox-repository';

/** Tries per notice before it is left as failed (about a day and a half of waiting). */
export const MAX_SEARCH_ATTEMPTS = 10;
/** Google notices one run sends at most (one request each); the rest wait for the next run. */
export const GOOGLE_PER_RUN = 50;
export const SEARCH_LEASE = 'search-outbox';
/** Longer than any run (GOOGLE_PER_RUN requests of 15 s at worst); a dead node frees it after. */
const LEASE_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** One minute after the first failure, doubling, at most six hours between tries. */
export function searchRetryDelayMs(failures: number): number {
  return Math.min(6 * 60 * 60_000, 60_000 * 2 ** Math.max(0, failures - 1));
}

export interface SearchEngines {
  indexnow?: { client: IndexNowClient; dailyBudget: number };
  google?: { client: GoogleIndexingClient; dailyBudget: number };
}

/** What one run did, per engine: told, given up on, left for a retry; `waiting` over budget. */
export type SearchRunResult = Partial<
  Record<SearchEngine, { sent: number; failed: number; retried: number; overBudget: boolean }>
>;

interface Leases {
  claim(name: string, holder: string, now: Date, forMs: number): Promise<boolean>;
  release(name: string, holder: string, now: Date): Promise<void>;
}

export interface SearchSender {
  /**
   * Sends what is due at `now` if this node gets the lease; what it did, or undefined when
   * another node is running it.
   */
  runOnce(now?: Date): Promise<SearchRunResult | undefined>;
  /** No run starts after this, and one in progress ends after the request it is making. */
  stop(): void;
}

/**
 * Tells the search engines what the outbox holds (docs/search.md): one node at a time (a lease),
 * each engine within its daily budget, retrying with backoff what failed for a reason that may
 * pass. Nothing here touches an opening: a failure only delays its notice.
 */
export function createSearchSender(options: {
  outbox: SearchOutboxRepository;
  leases: Leases;
  engines: SearchEngines;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  clock?: () => Date;
  holder?: string;
}): SearchSender {
  const { outbox, leases, engines, log, clock = () => new Date() } = options;
  const holder = options.holder ?? crypto.randomUUID();
  let stopped = false;

  /** Records an answer for the notices it was about; logs what failed (URLs only). */
  async function record(
    engine: SearchEngine,
    notices: readonly SearchNotice[],
    answer: EngineAnswer,
    now: Date,
    tally: NonNullable<SearchRunResult[SearchEngine]>,
  ) {
    const ids = notices.map((notice) => notice.id);
    if (answer.outcome === 'sent') {
      await outbox.sent(ids, now);
      tally.sent += ids.length;
      return;
    }
    // A batch's notices share their tries: the first's count stands for all.
    const failures = Math.max(...notices.map((notice) => notice.attempts)) + 1;
    const retryAt =
      answer.outcome === 'retry' && failures < MAX_SEARCH_ATTEMPTS
        ? new Date(
            now.getTime() +
              Math.min(DAY_MS, Math.max(searchRetryDelayMs(failures), answer.retryAfterMs ?? 0)),
          )
        : undefined;
    await outbox.attemptFailed(ids, answer.error, retryAt);
    if (retryAt) tally.retried += ids.length;
    else tally.failed += ids.length;
    log.warn(
      {
        engine,
        urls: notices.map((notice) => notice.url),
        error: answer.error,
        failures,
        ...(retryAt && { retryAt: retryAt.toISOString() }),
      },
      retryAt
        ? 'search engine not told; the notice stays queued'
        : answer.outcome === 'refused'
          ? 'search engine refused the notice; no more tries'
          : 'search engine not told; no more tries',
    );
  }

  async function sendIndexNow(now: Date, result: SearchRunResult) {
    const engine = engines.indexnow;
    if (!engine) return;
    const tally = { sent: 0, failed: 0, retried: 0, overBudget: false };
    result.indexnow = tally;
    const left = engine.dailyBudget - (await outbox.sentSince('indexnow', dayStart(now)));
    const due = await outbox.due('indexnow', now, Math.min(left, INDEXNOW_BATCH));
    tally.overBudget = left <= 0 && (await outbox.due('indexnow', now, 1)).length > 0;
    if (due.length === 0) return;
    // IndexNow does not say what changed: an engine that fetches a closed opening gets 410.
    const answer = await engine.client.submit([...new Set(due.map((notice) => notice.url))]);
    await record('indexnow', due, answer, now, tally);
  }

  async function sendGoogle(now: Date, result: SearchRunResult) {
    const engine = engines.google;
    if (!engine) return;
    const tally = { sent: 0, failed: 0, retried: 0, overBudget: false };
    result.google = tally;
    const left = engine.dailyBudget - (await outbox.sentSince('google', dayStart(now)));
    const due = await outbox.due('google', now, Math.min(left, GOOGLE_PER_RUN));
    tally.overBudget = left <= 0 && (await outbox.due('google', now, 1)).length > 0;
    for (const notice of due) {
      if (stopped) break;
      const answer = await engine.client.publish(notice.url, notice.kind);
      await record('google', [notice], answer, now, tally);
      // Not now (down, or over its quota): the rest are not tried this run either.
      if (answer.outcome === 'retry') break;
    }
  }

  return {
    async runOnce(now = clock()) {
      if (stopped) return undefined;
      if (!engines.indexnow && !engines.google) return {};
      if (!(await leases.claim(SEARCH_LEASE, holder, now, LEASE_MS))) return undefined;
      try {
        const result: SearchRunResult = {};
        await sendIndexNow(now, result);
        await sendGoogle(now, result);
        await outbox.prune(now);
        return result;
      } finally {
        await leases.release(SEARCH_LEASE, holder, now);
      }
    },
    stop: () => {
      stopped = true;
    },
  };
}
