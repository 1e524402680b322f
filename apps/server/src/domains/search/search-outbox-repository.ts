import type { Db } from '../../db/database';
import { toIso } from '../../db/database';

/** The search engines the site can tell about its pages (docs/search.md). */
export const SEARCH_ENGINES = ['indexnow', 'google'] as const;
export type SearchEngine = (typeof SEARCH_ENGINES)[number];

/** What became of a page: it is there (new or changed), or it is gone. */
export type SearchNoticeKind = 'updated' | 'deleted';

/** Where notices are told: the site's public origin, and the engines configured. */
export interface SearchTelling {
  origin: string;
  engines: readonly SearchEngine[];
}

/** A page's news: what became of it, and not before when it may be told. */
export interface SearchNews {
  kind: SearchNoticeKind;
  dueFrom: Date;
}

export interface SearchNotice {
  id: number;
  engine: SearchEngine;
  url: string;
  kind: SearchNoticeKind;
  attempts: number;
}

/** The outbox as an operator reads it, per engine (plugins/metrics.ts). */
export interface SearchOutboxState {
  /** Pending and due: waiting for the next run, or for tomorrow's budget. */
  due: number;
  /** Pending and not yet due: a scheduled opening's date, or a retry's. */
  scheduled: number;
  /** Given up on: refused by the engine, or every try failed. */
  failed: number;
  /** Told since the start of the day (UTC): what the daily budget counts. */
  sentToday: number;
}

const DAY_MS = 24 * 60 * 60_000;
/** Sent notices are kept this long (the budget needs a day); failed ones for a look. */
const KEEP_SENT_MS = 7 * DAY_MS;
const KEEP_FAILED_MS = 30 * DAY_MS;

/** The start of `now`'s day in UTC: budgets are per UTC day. */
export function dayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Tells the configured engines about `url`, inside the caller's transaction (the change it is
 * about): the notices still waiting for the same URL are dropped first, so several changes
 * collapse into the latest. `news` undefined only drops them (a scheduled opening closed before
 * its date: nothing was ever told). Without an engine configured nothing is written.
 */
export async function tellSearchEngines(
  trx: Db,
  telling: SearchTelling,
  url: string,
  news: SearchNews | undefined,
  now: Date,
): Promise<void> {
  if (telling.engines.length === 0) return;
  await trx
    .deleteFrom('searchOutbox')
    .where('url', '=', url)
    .where('status', '=', 'pending')
    .execute();
  if (!news) return;
  const due = new Date(Math.max(news.dueFrom.getTime(), now.getTime())).toISOString();
  await trx
    .insertInto('searchOutbox')
    .values(
      telling.engines.map((engine) => ({
        engine,
        url,
        kind: news.kind,
        dueFrom: due,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: due,
        createdAt: now.toISOString(),
      })),
    )
    .execute();
}

/** The search outbox. The only code that touches its table, with tellSearchEngines. */
export function searchOutboxRepository(db: Db) {
  const settle = (ids: readonly number[]) =>
    db.updateTable('searchOutbox').where('id', 'in', ids).where('status', '=', 'pending');
  return {
    /**
     * Up to `limit` notices due for `engine` at `now`, oldest first. Several for one URL (two
     * nodes queued at once) collapse into the latest: the older ones are dropped here.
     */
    async due(engine: SearchEngine, now: Date, limit: number): Promise<SearchNotice[]> {
      if (limit <= 0) return [];
      const rows = await db
        .selectFrom('searchOutbox')
        .select(['id', 'engine', 'url', 'kind', 'attempts'])
        .where('engine', '=', engine)
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', now.toISOString())
        .orderBy('id')
        .limit(limit)
        .execute();
      const latest = new Map<string, (typeof rows)[number]>();
      for (const row of rows) latest.set(row.url, row);
      const kept = new Set([...latest.values()].map((row) => row.id));
      const older = rows.filter((row) => !kept.has(row.id)).map((row) => row.id);
      if (older.length > 0) await db.deleteFrom('searchOutbox').where('id', 'in', older).execute();
      return rows
        .filter((row) => kept.has(row.id))
        .map((row) => ({
          ...row,
          engine: row.engine as SearchEngine,
          kind: row.kind as SearchNoticeKind,
        }));
    },

    /** How many notices `engine` was told since `since` (the daily budget's count). */
    async sentSince(engine: SearchEngine, since: Date): Promise<number> {
      const row = await db
        .selectFrom('searchOutbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('engine', '=', engine)
        .where('status', '=', 'sent')
        .where('sentAt', '>=', since.toISOString())
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The engine took them. */
    async sent(ids: readonly number[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await settle(ids)
        .set((eb) => ({
          status: 'sent',
          attempts: eb('attempts', '+', 1),
          sentAt: now.toISOString(),
          lastError: null,
        }))
        .execute();
    },

    /** Another try at `retryAt`, or none (`retryAt` undefined): they stay as failed. */
    async attemptFailed(
      ids: readonly number[],
      error: string,
      retryAt: Date | undefined,
    ): Promise<void> {
      if (ids.length === 0) return;
      await settle(ids)
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          lastError: error.slice(0, 200),
          ...(retryAt ? { nextAttemptAt: retryAt.toISOString() } : { status: 'failed' }),
        }))
        .execute();
    },

    /**
     * Drops what is no longer worth keeping: sent after a week, failed after a month, and a
     * notice still waiting a month after it was due (its engine is no longer configured).
     */
    async prune(now: Date): Promise<void> {
      const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
      await db
        .deleteFrom('searchOutbox')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'sent'), eb('sentAt', '<', before(KEEP_SENT_MS))]),
            eb.and([eb('status', '=', 'failed'), eb('createdAt', '<', before(KEEP_FAILED_MS))]),
            eb.and([
              eb('status', '=', 'pending'),
              eb('nextAttemptAt', '<', before(KEEP_FAILED_MS)),
            ]),
          ]),
        )
        .execute();
    },

    /** The outbox per engine at `now` (metrics). */
    async state(engine: SearchEngine, now: Date): Promise<SearchOutboxState> {
      const at = now.toISOString();
      const rows = await db
        .selectFrom('searchOutbox')
        .select((eb) => [
          eb
            .case()
            .when('status', '=', 'pending')
            .then(eb.case().when('nextAttemptAt', '<=', at).then('due').else('scheduled').end())
            .when('status', '=', 'sent')
            .then(
              eb
                .case()
                .when('sentAt', '>=', dayStart(now).toISOString())
                .then('sentToday')
                .else('old')
                .end(),
            )
            .else('failed')
            .end()
            .as('bucket'),
          eb.fn.countAll<number>().as('n'),
        ])
        .where('engine', '=', engine)
        .groupBy('bucket')
        .execute();
      const count = (bucket: string) => Number(rows.find((r) => r.bucket === bucket)?.n ?? 0);
      return {
        due: count('due'),
        scheduled: count('scheduled'),
        failed: count('failed'),
        sentToday: count('sentToday'),
      };
    },

    /** Every notice of a URL, oldest first (tests and operators). */
    async forUrl(url: string) {
      const rows = await db
        .selectFrom('searchOutbox')
        .selectAll()
        .where('url', '=', url)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        ...row,
        engine: row.engine as SearchEngine,
        kind: row.kind as SearchNoticeKind,
        dueFrom: toIso(row.dueFrom),
        nextAttemptAt: toIso(row.nextAttemptAt),
        createdAt: toIso(row.createdAt),
        sentAt: row.sentAt === null ? null : toIso(row.sentAt),
      }));
    },
  };
}

export type SearchOutboxRepository = ReturnType<typeof searchOutboxRepository>;
