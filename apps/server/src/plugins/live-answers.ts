import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendStored, storeAnswer, type StoredAnswer } from '../lib/stored-answer';
import type { SentAnswer } from './repeat-reads';

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

/** A made answer: its stored bytes, the route's headers and its status. */
export interface LiveMade {
  stored: StoredAnswer;
  headers: Record<string, string>;
  status: number;
}

interface Entry {
  answer: Promise<LiveMade>;
  /** The answer once made. */
  made?: LiveMade;
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
    /**
     * The cached answer `sendLive` sent this request, as repeat reads take it
     * (plugins/repeat-reads.ts): its bytes, and whether `sendLive` would send them as they are,
     * doing nothing else (the version known without a read, the answer made, no remake due).
     */
    liveAnswerSent(request: FastifyRequest): SentAnswer | undefined;
  }
  interface FastifyRequest {
    /** The cached answer `sendLive` sent for this request, and its key. */
    liveAnswer: { key: string; made: LiveMade } | undefined;
  }
}

/**
 * Whether an entry is never sent again: past the next scheduled opening, or a minute after its
 * remake was due (sent while the next is made only in the minute after its own: after a quiet
 * spell the request waits, so no page shows the ages of minutes ago).
 */
function hasEnded(entry: Entry, now: number): boolean {
  return now >= entry.expiresAt || now >= entry.refreshAt + MINUTE_MS;
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
    app.decorateRequest('liveAnswer', undefined);
    repos.openingsVersion.onChange(() => entries.clear());

    async function make(fill: (now: Date) => Promise<LiveFill>, entry: Entry): Promise<LiveMade> {
      const now = new Date();
      const [made, next] = await Promise.all([fill(now), repos.dataVersion.nextScheduled(now)]);
      entry.refreshAt = minuteOf(now).getTime() + MINUTE_MS;
      entry.expiresAt = next ?? Number.POSITIVE_INFINITY;
      const stored = await storeAnswer(made.body, { quality: LIVE_BROTLI_QUALITY });
      entry.made = { stored, headers: made.headers, status: made.status ?? 200 };
      return entry.made;
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
        const ended = entry !== undefined && hasEnded(entry, now);
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
        const made = await entry.answer;
        beforeSend?.();
        request.liveAnswer = { key, made };
        return sendStored(request, reply, made.stored, made.headers, made.status);
      },
    );

    /** The answer cached under `key` when `sendLive` would send it as it is. */
    const asItIs = (key: string): LiveMade | undefined => {
      const version = repos.openingsVersion.settled();
      if (version === undefined) return undefined;
      const entry = entries.get(`${version}\n${key}`);
      const now = Date.now();
      if (!entry?.made || hasEnded(entry, now) || now >= entry.refreshAt) return undefined;
      return entry.made;
    };
    app.decorate('liveAnswerSent', (request: FastifyRequest): SentAnswer | undefined => {
      const sent = request.liveAnswer;
      return sent && { stored: sent.made.stored, asItIs: () => asItIs(sent.key) === sent.made };
    });
  },
  { name: 'live-answers', dependencies: ['repositories'] },
);
