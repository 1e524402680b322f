import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { XSRF_COOKIE_NAME, XSRF_HOST_COOKIE_NAME } from '@lumenfield/contract';
import { requestScheme } from './public-origin';

/**
 * The XSRF token (docs/security.md): a signed double-submit value, the time it was issued, a
 * random nonce and their HMAC under the cookie secret, so a token minted elsewhere (or by another
 * secret) is refused, any node sharing the secret accepts it, and a token older than
 * XSRF_MAX_AGE_MS is refused. Over HTTPS the cookie is `__Host-XSRF-TOKEN` (Secure, host-only);
 * over plain HTTP `XSRF-TOKEN`. The /api guard (api-guard.ts) checks the echo on writes.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sets a fresh XSRF cookie unless the request carries a valid one younger than
     * XSRF_REFRESH_AFTER_MS; answers the token the browser will hold (a form's hidden field
     * carries it). Called twice for one request, it mints once.
     */
    ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply): string;
  }
  interface FastifyRequest {
    /** The token `ensureXsrfCookie` set on this request's answer, if it set one. */
    mintedXsrfToken: string | undefined;
  }
}

/** A token is refused on writes after this long; the page gets a fresh one well before. */
export const XSRF_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** Reads (page loads, API GETs) replace a token older than this, so an open tab keeps working. */
export const XSRF_REFRESH_AFTER_MS = 60 * 60 * 1000;
/**
 * The cookie's attributes: readable by the page (not HttpOnly) so it can echo it; __Host- needs
 * Secure, no Domain and path '/'. The browser drops it when the server would refuse it anyway.
 */
const PLAIN_ATTRIBUTES = `; Max-Age=${XSRF_MAX_AGE_MS / 1000}; Path=/; SameSite=Lax`;
const HOST_ATTRIBUTES = `; Max-Age=${XSRF_MAX_AGE_MS / 1000}; Path=/; Secure; SameSite=Lax`;
/** Clocks of several nodes may differ a little; a token from slightly "ahead" is still good. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** Each secret as a key object, made once: HMAC with a string key imports it on every call. */
const keyObjects = new Map<string, crypto.KeyObject>();

function sign(secret: string, payload: string): string {
  let key = keyObjects.get(secret);
  if (!key) {
    key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
    keyObjects.set(secret, key);
  }
  return crypto.createHmac('sha256', key).update(payload).digest('base64url');
}

/** Random bytes for nonces, drawn in bulk: one call to the system's generator per 256 tokens. */
const NONCE_BYTES = 18;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = noncePool.length;

function nonce(): string {
  if (nonceAt === noncePool.length) {
    crypto.randomFillSync(noncePool);
    nonceAt = 0;
  }
  const value = noncePool.toString('base64url', nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return value;
}

/**
 * Tokens this node found well signed, each with when it was issued, per secret: a browser sends
 * its token with every call, and its signature is checked once, not on each (an HMAC is a tenth
 * of an API read). Only exact strings that passed the check are kept, so a token not in here is
 * checked in full. Two generations of KNOWN_TOKENS_MAX each: when the newer is full it becomes
 * the older and the older is dropped (a Map emptied from its front slows every lookup of its
 * first key). A minted token is not kept: most first calls come from clients that keep no
 * cookie, and the ones that do have theirs checked once when it comes back.
 */
interface KnownTokens {
  newer: Map<string, number>;
  older: Map<string, number>;
}
const knownTokens = new Map<string, KnownTokens>();
export const KNOWN_TOKENS_MAX = 10_000;

function known(secret: string): KnownTokens {
  let tokens = knownTokens.get(secret);
  if (!tokens) {
    tokens = { newer: new Map(), older: new Map() };
    knownTokens.set(secret, tokens);
  }
  return tokens;
}

function remember(tokens: KnownTokens, token: string, issuedAt: number) {
  if (tokens.newer.size >= KNOWN_TOKENS_MAX) {
    tokens.older = tokens.newer;
    tokens.newer = new Map();
  }
  tokens.newer.set(token, issuedAt);
}

export function mintXsrfToken(secret: string, now = Date.now()): string {
  const payload = `${now.toString(36)}.${nonce()}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** When a well-signed token was issued (ms since epoch), or undefined for anything else. */
export function xsrfTokenIssuedAt(secret: string, token: string | undefined): number | undefined {
  if (!token || token.length > 200) return undefined;
  const tokens = known(secret);
  const issuedBefore = tokens.newer.get(token) ?? tokens.older.get(token);
  if (issuedBefore !== undefined) return issuedBefore;
  const [issued, nonce, mac, extra] = token.split('.');
  if (!issued || !nonce || !mac || extra !== undefined || !/^[0-9a-z]{1,11}$/.test(issued)) {
    return undefined;
  }
  if (!safeEqual(mac, sign(secret, `${issued}.${nonce}`))) return undefined;
  const issuedAt = parseInt(issued, 36);
  remember(tokens, token, issuedAt);
  return issuedAt;
}

/** Whether a token issued at `issuedAt` is still accepted at `now`. */
function fresh(issuedAt: number, now: number): boolean {
  return issuedAt <= now + CLOCK_SKEW_MS && now - issuedAt <= XSRF_MAX_AGE_MS;
}

export function isValidXsrfToken(
  secret: string,
  token: string | undefined,
  now = Date.now(),
): boolean {
  const issuedAt = xsrfTokenIssuedAt(secret, token);
  return issuedAt !== undefined && fresh(issuedAt, now);
}

/** The cookie name for this request's scheme (the __Host- prefix needs HTTPS). */
export function xsrfCookieName(request: FastifyRequest): string {
  return requestScheme(request) === 'https' ? XSRF_HOST_COOKIE_NAME : XSRF_COOKIE_NAME;
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** Decorates `ensureXsrfCookie`, used by the /api guard and by the pages that carry the cookie. */
export const xsrfCookies = fp<{ secret: string }>(
  async (app: FastifyInstance, { secret }) => {
    app.decorateRequest('mintedXsrfToken', undefined);
    app.decorate('ensureXsrfCookie', (request: FastifyRequest, reply: FastifyReply): string => {
      if (request.mintedXsrfToken) return request.mintedXsrfToken;
      const name = xsrfCookieName(request);
      const now = Date.now();
      const current = request.cookies[name];
      const issuedAt = xsrfTokenIssuedAt(secret, current);
      if (
        issuedAt !== undefined &&
        fresh(issuedAt, now) &&
        now - issuedAt < XSRF_REFRESH_AFTER_MS
      ) {
        return current!;
      }
      const token = mintXsrfToken(secret, now);
      request.mintedXsrfToken = token;
      // Written out here rather than by the cookie library's serializer, which checks names
      // and values against patterns: this name is ours and the token is base64url and dots,
      // and every first visit mints one (docs/performance.md). Fastify keeps every Set-Cookie.
      reply.header(
        'Set-Cookie',
        `${name}=${token}${name === XSRF_HOST_COOKIE_NAME ? HOST_ATTRIBUTES : PLAIN_ATTRIBUTES}`,
      );
      return token;
    });
  },
  { name: 'xsrf-cookies', dependencies: ['@fastify/cookie'] },
);
