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

interface Entry {
  answer: Promise<{ stored: StoredAnswer; headers: Record<string, string>; status: number }>;
  /** When the answer stops being the data's without any write (see `get`). */
  expiresAt: number;
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
 * instants, which end its entry: a new minute (the ages in it) and the next scheduled opening
 * coming into effect.
 */
export const liveAnswers = fp(
  async (app: FastifyInstance, { maxEntries = LIVE_MAX_ENTRIES }: { maxEntries?: number }) => {
    const { repos } = app;
    const entries = new Map<string, Entry>();
    repos.openingsVersion.onChange(() => entries.clear());

    async function make(fill: (now: Date) => Promise<LiveFill>, entry: Entry) {
      const now = new Date();
      const [made, next] = await Promise.all([fill(now), repos.dataVersion.nextScheduled(now)]);
      entry.expiresAt = Math.min(
        minuteOf(now).getTime() + MINUTE_MS,
        next ?? Number.POSITIVE_INFINITY,
      );
      const stored = await storeAnswer(made.body, { quality: LIVE_BROTLI_QUALITY });
      return { stored, headers: made.headers, status: made.status ?? 200 };
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
        if (!entry || Date.now() >= entry.expiresAt) {
          if (entry) entries.delete(id);
          const fresh: Entry = { expiresAt: Number.POSITIVE_INFINITY } as Entry;
          fresh.answer = make(fill, fresh);
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
