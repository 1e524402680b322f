import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendStored, storeAnswer, type StoredAnswer } from '../lib/stored-answer';

/** Brotli quality of answers made at run time: made once per data change, sent many times. */
export const LIVE_BROTLI_QUALITY = 5;
/** How many answers are kept (the careers page's filtered forms, each opening's page and API). */
export const LIVE_MAX_ENTRIES = 500;
const MINUTE_MS = 60_000;

/** What a route makes when its answer is not cached: the body, its status and headers. */
export interface LiveFill {
  body: string | Buffer;
  headers: Record<string, string>;
  status?: number;
}

interface Made {
  stored: StoredAnswer;
  headers: Record<string, string>;
  status: number;
}

interface Entry {
  answer: Promise<Made>;
  /**
   * From this instant (the next minute) the answer is made again, while it is still sent; one
   * minute later it is never sent again (its ages would be two minutes behind).
   */
  refreshAt: number;
  /** From this instant (the next scheduled opening) the answer is never sent again. */
  expiresAt: number;
  /** Whether its next answer is being made (one at a time). */
  refreshing?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers made of the openings (the careers page, an opening's page, the public API's
     * listing and detail), cached as stored bytes until the data changes (docs/performance.md).
     * `key` names the answer (its path and whatever else it depends on); `fill` makes it from
     * `now`; a `fill` that throws (a 404) is answered as thrown and never cached.
     */
    sendLive(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      fill: (now: Date) => Promise<LiveFill>,
      /** Runs just before the answer is sent (a page's XSRF cookie). */
      beforeSend?: () => void,
    ): Promise<FastifyReply>;
  }
}

/** The start of the minute `now` is in: ages are computed at it, so they change once a minute. */
export function minuteOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
}

/**
 * The cache of live answers. An entry is kept under the openings' data version it was made at
 * (repos.openingsVersion: every opening write bumps it in its transaction, and every node hears
 * of it at once through Redis, or within a second from the database), so a write is never
 * followed by an answer made before it. Without a write an answer still changes at two kinds of
 * instants. At the next scheduled opening coming into effect the entry ends: the request that
 * comes then waits for the new answer. At a new minute (the openings' ages) the answer is made
 * again in the background while the one of the minute before is still sent, so a busy page's
 * visitor never waits for a render the clock started. An answer older than the minute before (a
 * quiet spell) is never sent: a visitor is sent the ages of this minute or of the one before
 * (docs/performance.md, "Live pages").
 */
export const liveAnswers = fp(
  async (app: FastifyInstance, { maxEntries = LIVE_MAX_ENTRIES }: { maxEntries?: number }) => {
    const { repos } = app;
    const entries = new Map<string, Entry>();
    repos.openingsVersion.onChange(() => entries.clear());

    async function make(fill: (now: Date) => Promise<LiveFill>, entry: Entry): Promise<Made> {
      const now = new Date();
      const [made, next] = await Promise.all([fill(now), repos.dataVersion.nextScheduled(now)]);
      entry.refreshAt = minuteOf(now).getTime() + MINUTE_MS;
      entry.expiresAt = next ?? Number.POSITIVE_INFINITY;
      const stored = await storeAnswer(made.body, { quality: LIVE_BROTLI_QUALITY });
      return { stored, headers: made.headers, status: made.status ?? 200 };
    }

    /** A new entry, its answer being made. */
    function start(fill: (now: Date) => Promise<LiveFill>): Entry {
      const entry = {
        refreshAt: Number.POSITIVE_INFINITY,
        expiresAt: Number.POSITIVE_INFINITY,
      } as Entry;
      entry.answer = make(fill, entry);
      return entry;
    }

    /**
     * Makes `entry`'s next answer in the background and puts it in its place once made, unless
     * the data changed meanwhile (the map no longer holds `entry` then). A failure leaves the
     * entry as it was, to be tried again by a later request.
     */
    function refresh(id: string, entry: Entry, fill: (now: Date) => Promise<LiveFill>) {
      const next = start(fill);
      entry.refreshing = true;
      next.answer.then(
        () => {
          if (entries.get(id) === entry) entries.set(id, next);
        },
        (error: unknown) => {
          entry.refreshing = false;
          app.log.warn({ err: error }, 'live answer: making it again failed; the last one stays');
        },
      );
    }

    app.decorate(
      'sendLive',
      async (
        request: FastifyRequest,
        reply: FastifyReply,
        key: string,
        fill: (now: Date) => Promise<LiveFill>,
        beforeSend?: () => void,
      ) => {
        const version = await repos.openingsVersion.current();
        const id = `${version}\n${key}`;
        let entry = entries.get(id);
        const now = Date.now();
        // Sent while the next is made only in the minute after its own: after a quiet spell the
        // request waits, so no page shows the ages of minutes ago.
        const ended =
          entry !== undefined && (now >= entry.expiresAt || now >= entry.refreshAt + MINUTE_MS);
        if (entry && !ended && now >= entry.refreshAt && !entry.refreshing) {
          refresh(id, entry, fill);
        }
        if (!entry || ended) {
          if (entry) entries.delete(id);
          const fresh = start(fill);
          // A failed fill (a 404, the database away) is never reused.
          fresh.answer.catch(() => {
            if (entries.get(id) === fresh) entries.delete(id);
          });
          entries.set(id, fresh);
          // The oldest first: a Map keeps insertion order.
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
          entry = fresh;
        }
        const { stored, headers, status } = await entry.answer;
        beforeSend?.();
        return sendStored(request, reply, stored, headers, status);
      },
    );
  },
  { name: 'live-answers', dependencies: ['repositories'] },
);
