import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ARRIVAL_VALUE_MAX,
  arrivalParams,
  arrivalSchema,
  type Arrival,
  type ArrivalParam,
} from '@lumenfield/contract';
import { stripControlCharacters } from '../lib/control-characters';
import { requestScheme } from './public-origin';

/**
 * How a visitor arrived (docs/careers.md, "How you found us"): a page visit whose address
 * carries `src` or `utm_*`, or that came from another site, is remembered in a first-party
 * cookie; applying (the form, the dialog, the old client's API) reads it back. A newer
 * arrival replaces an older one whole; a visit that says nothing keeps what is there.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The arrival this browser carries (cleaned), or an empty one. */
    arrivalOf(request: FastifyRequest): Arrival;
    /**
     * Remembers what this request says about how the visitor arrived (and `extra`, such as a
     * tracking link's `src`), unless it says nothing, or nothing the stored arrival does not
     * already say (the page a tracking link redirects to keeps the link's referrer host).
     */
    recordArrival(request: FastifyRequest, reply: FastifyReply, extra?: Arrival): void;
  }
}

export const ARRIVAL_COOKIE = 'lf-arrival';
/** The cookie lasts this long: enough to read about us and apply another day. */
export const ARRIVAL_MAX_AGE_S = 30 * 24 * 60 * 60;

/** A raw value as kept: no control characters, trimmed, cut to length; empty is nothing. */
export function cleanArrivalValue(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return stripControlCharacters(value).trim().slice(0, ARRIVAL_VALUE_MAX) || undefined;
}

/** Pages only: not the API, the tracking links themselves, files or the console. */
const NOT_A_LANDING = /^\/(?:api|r|assets|recruiters|healthz)(?:\/|$)|\.[a-z0-9]{1,5}$/i;

/** What a page request says about how the visitor arrived (nothing: an empty object). */
export function arrivalOfVisit(request: FastifyRequest): Arrival {
  const arrival: Arrival = {};
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const [key, param] of Object.entries(arrivalParams) as [ArrivalParam, string][]) {
    const raw = query[param];
    const value = cleanArrivalValue(Array.isArray(raw) ? raw[0] : raw);
    if (value) arrival[key] = value;
  }
  const referrer = request.headers.referer;
  if (referrer) {
    try {
      const host = new URL(referrer).hostname.toLowerCase();
      if (host && host !== request.hostname.toLowerCase()) {
        arrival.referrerHost = cleanArrivalValue(host);
      }
    } catch {
      // Not a URL: no referrer host.
    }
  }
  return arrival;
}

export const arrival = fp(
  async (app: FastifyInstance) => {
    app.decorate('arrivalOf', (request: FastifyRequest): Arrival => {
      const cookie = request.cookies[ARRIVAL_COOKIE];
      if (!cookie) return {};
      const unsigned = request.unsignCookie(cookie);
      if (!unsigned.valid || unsigned.value === null) return {};
      try {
        const parsed = arrivalSchema.safeParse(
          JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')),
        );
        if (!parsed.success) return {};
        return Object.fromEntries(
          Object.entries(parsed.data)
            .map(([key, value]) => [key, cleanArrivalValue(value)])
            .filter(([, value]) => value !== undefined),
        ) as Arrival;
      } catch {
        return {};
      }
    });

    app.decorate('recordArrival', (request: FastifyRequest, reply: FastifyReply, extra = {}) => {
      const visit: Arrival = { ...arrivalOfVisit(request), ...extra };
      const entries = Object.entries(visit);
      if (entries.length === 0) return;
      const stored = app.arrivalOf(request);
      if (entries.every(([key, value]) => stored[key as keyof Arrival] === value)) return;
      // The header at once, not at the cookie plugin's `onSend`: a page answered as a repeat
      // read (plugins/repeat-reads.ts) sends the headers its request set before it, and no hook.
      const value = app.signCookie(Buffer.from(JSON.stringify(visit)).toString('base64url'));
      reply.header(
        'Set-Cookie',
        app.serializeCookie(ARRIVAL_COOKIE, value, {
          httpOnly: true,
          sameSite: 'lax',
          secure: requestScheme(request) === 'https',
          path: '/',
          maxAge: ARRIVAL_MAX_AGE_S,
        }),
      );
    });

    app.addHook('onRequest', (request, reply, done) => {
      if (request.method === 'GET' && !NOT_A_LANDING.test(request.url.split('?')[0] ?? '')) {
        app.recordArrival(request, reply);
      }
      done();
    });
  },
  { name: 'arrival', dependencies: [] },
);
