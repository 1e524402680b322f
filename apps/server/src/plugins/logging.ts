import type { FastifyError, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Log redaction: a field of one of these names (in any letter case, at any depth of whatever a
 * line carries) has its value replaced before the line is written: credentials, session ids and
 * resume bytes. Fastify's request serializer logs no headers or bodies today; the names keep a
 * future `log.info({ req, body })` or error object from leaking them. Matched by name in the one
 * walk that also takes out e-mail addresses (`scrubbed` below), rather than by pino's path
 * redaction, whose wildcard paths cost every line a second walk (docs/performance.md).
 */
export const REDACTED_KEYS = new Set(
  [
    'authorization',
    'cookie',
    'set-cookie',
    'x-xsrf-token',
    'password',
    'currentPassword',
    'newPassword',
    'token',
    'adminToken',
    'metricsToken',
    'cookieSecret',
    'sessionId',
    'session',
    'FileContent',
  ].map((key) => key.toLowerCase()),
);
const CENSOR = '[redacted]';

/** An e-mail address, also percent-encoded (`alice%40example.com`), wherever it stands. */
const EMAIL = /[\w.%+-]+(?:@|%40)[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;

/** Text with every e-mail address in it replaced: no log line ever holds one. */
export function withoutEmails(text: string): string {
  // Most strings hold neither sign: two scans for a character cost less than the expression.
  if (!text.includes('@') && !text.includes('%40')) return text;
  return text.replace(EMAIL, '[email]');
}

/**
 * A request's URL as it may be logged: the path, and the query's parameter names with every
 * value replaced (`?q=[redacted]`). Search words, addresses and tokens travel in query values,
 * and a route is judged by what the router resolved, not the spelling, so none is kept.
 */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return withoutEmails(withoutTokens(url));
  const query = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      return equals < 0 ? '[redacted]' : `${part.slice(0, equals)}=[redacted]`;
    })
    .join('&');
  return withoutEmails(`${withoutTokens(url.slice(0, at))}?${query}`);
}

/** An applicant's secret link (`/applications/<token>`, the erase link) in any spelling. */
const LINK_TOKEN = /(^|\/)[A-Za-z0-9_-]{43}(?=\/|$)/g;
const APPLICANT_PATH = /^(\/(?:[^/]*?)\/(?:erase\/)?)[^/]+/;

/**
 * A path with the applicant's link tokens replaced: a path segment shaped like one, and the
 * segment after /applications/ (or /applications/erase/) whatever its shape, so a log line
 * never holds a working link (docs/security.md).
 */
export function withoutTokens(path: string): string {
  const redacted = path.replace(LINK_TOKEN, '$1[token]');
  return /^\/(?:applications|%61pplications)\//i.test(redacted)
    ? redacted.replace(APPLICANT_PATH, '$1[token]')
    : redacted;
}

/** Fields pino hands to their serializers below, which scrub what they write. */
const SERIALIZED = new Set(['req', 'res', 'err']);

/**
 * Every string in a log line's fields scrubbed of e-mail addresses and every field named in
 * REDACTED_KEYS censored (depth-limited); what pino's serializers write (`SERIALIZED`) they scrub.
 */
function scrubbed(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutEmails(value);
  if (depth > 6 || value === null || typeof value !== 'object' || value instanceof Error) {
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[withoutEmails(key)] = REDACTED_KEYS.has(key.toLowerCase())
      ? CENSOR
      : depth === 0 && SERIALIZED.has(key)
        ? item
        : scrubbed(item, depth + 1);
  }
  return out;
}

/** An error's type, code, message and stack, the last two without e-mail addresses. */
function errorSerializer(error: FastifyError) {
  return {
    type: error.name,
    message: withoutEmails(String(error.message)),
    stack: withoutEmails(String(error.stack ?? '')),
    ...(error.code !== undefined && { code: error.code }),
    ...(error.statusCode !== undefined && { statusCode: error.statusCode }),
  };
}

/**
 * Loggable URLs kept per raw URL: every request writes a line, most repeat a URL the node has
 * logged, and making its loggable form was the largest part of the line's cost
 * (docs/performance.md). Only a public API route's URL or a site page's without a query is kept,
 * and neither when its path held a link token or an address: no applicant link, address,
 * visitor's search or console query outlives its request here (docs/security.md). A URL longer
 * than LOGGABLE_URL_MAX is made each time; when LOGGABLE_URLS_MAX are held, all are dropped.
 */
const loggableUrls = new Map<string, string>();
const LOGGABLE_URLS_MAX = 500;
const LOGGABLE_URL_MAX = 512;

/** The URLs whose loggable form is kept (tests: what is kept and what never is). */
export const keptRequestUrls = (): string[] => [...loggableUrls.keys()];

function keepable(request: FastifyRequest, loggable: string): boolean {
  const access = request.routeOptions?.config?.access;
  return (
    request.url.length <= LOGGABLE_URL_MAX &&
    (access === 'public' || (access === undefined && !request.url.includes('?'))) &&
    !loggable.includes('[token]') &&
    !loggable.includes('[email]')
  );
}

/** `loggableUrl` of the request's URL, kept for the next request when `keepable`. */
function requestUrl(request: FastifyRequest): string {
  const kept = loggableUrls.get(request.url);
  if (kept !== undefined) return kept;
  const loggable = loggableUrl(request.url);
  if (keepable(request, loggable)) {
    if (loggableUrls.size >= LOGGABLE_URLS_MAX) loggableUrls.clear();
    loggableUrls.set(request.url, loggable);
  }
  return loggable;
}

/** Fastify's own request fields, with the URL made loggable; any other `req` scrubbed. */
export function requestSerializer(request: FastifyRequest): Record<string, unknown> {
  if (typeof request.url !== 'string')
    return scrubbed({ ...request }, 1) as Record<string, unknown>;
  return {
    method: request.method,
    url: requestUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(level: Config['logLevel']): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: { req: requestSerializer, err: errorSerializer },
    formatters: { log: (object) => scrubbed(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? withoutEmails(arg) : arg)) as typeof args,
        );
      },
    },
  };
}
