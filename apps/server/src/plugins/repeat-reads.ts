import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { negotiateEncoding, type StoredAnswer } from '../lib/stored-answer';

/**
 * Repeat reads (docs/performance.md, "Repeat reads"): the site's public reads (the openings' list
 * and each opening in the API, and the pages) are stored answers, cached until the data changes,
 * and most requests for one ask for what the node sent a moment before. Such a request is
 * answered here, in an `onRequest` hook after routing, with what the whole chain of hooks sent
 * for the same URL, instead of being walked through that chain again. Registered twice: in the
 * /api guard's scope (plugins/api-guard.ts), and for the pages at the app's root, after the
 * cookie parser's and the arrival's hooks (routes/pages.ts).
 *
 * Nothing is checked less. A read is answered here only when:
 * - the chain itself answered this very URL (its raw spelling) with 200 and a stored answer, on
 *   a route the owner calls repeatable (the guard: a `public` GET route with no hook and no
 *   request limit of its own), so the route, its parameters and their validation are the ones
 *   that passed then;
 * - that stored answer is still the one the chain would send this request (`SentAnswer.asItIs`:
 *   the openings' version known without a read, no remake due; for a page also its origin and
 *   the published content's version), and the form the client asks for (its encoding) over its
 *   scheme (HTTP or HTTPS) was sent by the chain, whose headers are replayed but for the
 *   request's own (its id, its cookies);
 * - the request passes the same checks the owner's chain makes of it: for the API the fixed
 *   header (the guard's own test) and a count of the guard's own request limit; for every read
 *   the XSRF cookie, minted by the same function when it has none fresh;
 * - it asks nothing else: no body, no `If-None-Match` (a 304 goes through the chain), and the
 *   node is not closing (the chain says `Connection: close` then).
 * Anything else goes through the chain, which refuses what must be refused. The answer's log
 * line and metrics are written as for any other: Fastify's own end of the request does both.
 */

/** An answer's headers that are its request's own, never replayed. */
const OWN_HEADERS = new Set(['set-cookie', 'x-request-id', 'date', 'connection']);
/** How many URLs are kept (each spelling of the openings' URLs a client used). */
export const REPEAT_READS_MAX = 500;

/** A stored answer the chain sent, and whether it is still the one it would send a request. */
export interface SentAnswer {
  stored: StoredAnswer;
  asItIs(request: FastifyRequest): boolean;
}

interface Replay {
  answer: SentAnswer;
  /** Per form (`<encoding> <scheme>`): the headers the chain sent (name/value pairs), its bytes. */
  forms: Map<string, { headers: (string | string[])[]; body: Buffer }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether this request was answered as a repeat read. */
    repeatRead: boolean;
  }
}

type Counted = { isAllowed: true } | { isAllowed: false; isExceeded: boolean };
const uncounted = (): Promise<Counted> => Promise.resolve({ isAllowed: true });

export interface RepeatReadsOptions {
  /** The guard's own request limit: counts this request as the guard's hook would (none: pages). */
  limit?: (request: FastifyRequest) => Promise<Counted>;
  /** The guard's own test of a public call's headers (none: pages). */
  admits?: (request: FastifyRequest) => boolean;
  /** Whether the owner lets this request's answer be repeated (the guard: a plain public GET). */
  repeatable: (request: FastifyRequest) => boolean;
  /** The stored answer the chain sent this request, if it sent one. */
  sent: (request: FastifyRequest) => SentAnswer | undefined;
}

export const repeatReads = fp<RepeatReadsOptions>(
  async (
    api: FastifyInstance,
    { limit = uncounted, admits = () => true, repeatable, sent: sentAnswer },
  ) => {
    const replays = new Map<string, Replay>();
    api.repos.openingsVersion.onChange(() => replays.clear());
    if (!api.hasRequestDecorator('repeatRead')) api.decorateRequest('repeatRead', false);

    const formOf = (request: FastifyRequest) =>
      `${negotiateEncoding(request.headers['accept-encoding'])} ${request.protocol}`;

    api.addHook('onRequest', (request, reply, done) => {
      const replay = request.method === 'GET' ? replays.get(request.url) : undefined;
      const { headers } = request;
      if (
        !replay ||
        headers['if-none-match'] !== undefined ||
        headers['content-length'] !== undefined ||
        headers['transfer-encoding'] !== undefined ||
        api.isClosing() ||
        !admits(request)
      ) {
        done();
        return;
      }
      const sent = replay.forms.get(formOf(request));
      if (!sent || !replay.answer.asItIs(request)) {
        done();
        return;
      }
      limit(request)
        .then(
          (counted) => {
            // Over the limit: the chain answers 429 (its hook counts the request once more).
            if ((!counted.isAllowed && counted.isExceeded) || api.isClosing()) {
              done();
              return;
            }
            api.ensureXsrfCookie(request, reply);
            // The headers this request's hooks set (its cookie), its id, and the chain's others.
            const own = reply.getHeaders();
            const headers: (string | string[])[] = ['x-request-id', request.id];
            for (const [name, value] of Object.entries(own)) {
              if (value !== undefined) headers.push(name, headerValue(value));
            }
            const { headers: replayed } = sent;
            for (let at = 0; at < replayed.length; at += 2) {
              if (!((replayed[at] as string) in own))
                headers.push(replayed[at]!, replayed[at + 1]!);
            }
            request.repeatRead = true;
            reply.hijack();
            // Node takes the names and values as one flat list (its `writeHead` documents it).
            reply.raw.writeHead(200, headers as unknown as OutgoingHttpHeaders);
            reply.raw.end(sent.body);
          },
          // The limit's store failed: the chain's own hook meets the same failure and answers it.
          () => done(),
        )
        // Not expected (the values are the ones the chain sent), but never an unhandled
        // rejection: before the answer began the chain answers the error, after it the
        // connection ends.
        .catch((error: unknown) => {
          if (!reply.sent) {
            done(error as Error);
            return;
          }
          request.log.error({ err: error }, 'repeat read failed');
          reply.raw.destroy();
        });
    });

    // What the chain sent for a URL, once per form, when it sent a stored answer with 200.
    api.addHook('onResponse', (request, reply, done) => {
      const answer =
        reply.statusCode === 200 && !reply.hasHeader('connection') && repeatable(request)
          ? sentAnswer(request)
          : undefined;
      if (answer) {
        let replay = replays.get(request.url);
        if (!replay || replay.answer.stored !== answer.stored) {
          replay = { answer, forms: new Map() };
          replays.delete(request.url);
          replays.set(request.url, replay);
          // The oldest first: a Map keeps insertion order.
          if (replays.size > REPEAT_READS_MAX) replays.delete(replays.keys().next().value!);
        }
        const form = formOf(request);
        if (!replay.forms.has(form)) {
          const headers: (string | string[])[] = [];
          for (const [name, value] of Object.entries(reply.getHeaders())) {
            if (value === undefined || OWN_HEADERS.has(name)) continue;
            headers.push(name, headerValue(value));
          }
          const { stored } = answer;
          const encoding = reply.getHeader('content-encoding');
          const body =
            encoding === 'br' ? stored.br : encoding === 'gzip' ? stored.gzip : stored.identity;
          replay.forms.set(form, { headers, body });
        }
      }
      done();
    });
  },
  { name: 'repeat-reads', dependencies: ['closing-connections', 'xsrf-cookies'] },
);

const headerValue = (value: string | number | string[]) =>
  typeof value === 'number' ? String(value) : value;
