import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from '@lumenfield/contract';
import { HttpProblem } from './problem-details';

/**
 * CONTRACT §2: every public /api call carries the fixed header, and every write echoes the
 * XSRF-TOKEN cookie in X-XSRF-TOKEN. The token is a signed double-submit value: a random
 * nonce and its HMAC under the cookie secret, so a token minted elsewhere (or by another
 * secret) is refused, and any node sharing the secret accepts it.
 */
export interface ApiGuardOptions {
  secret: string;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets a fresh XSRF-TOKEN cookie unless the request already carries a valid one. */
    ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply): void;
  }
  interface FastifyContextConfig {
    /** Bearer-authenticated routes: no fixed header, no XSRF echo (CONTRACT §4). */
    bearer?: boolean;
    /** Public documents under /api (the OpenAPI description) that a browser may open. */
    public?: boolean;
  }
}

function sign(secret: string, nonce: string): string {
  return crypto.createHmac('sha256', secret).update(nonce).digest('base64url');
}

export function mintXsrfToken(secret: string): string {
  const nonce = crypto.randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isValidXsrfToken(secret: string, token: string | undefined): boolean {
  if (!token || token.length > 200) return false;
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(mac, sign(secret, nonce));
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

export const apiGuard = fp<ApiGuardOptions>(
  async (app: FastifyInstance, { secret }) => {
    app.decorate('ensureXsrfCookie', (request: FastifyRequest, reply: FastifyReply) => {
      if (isValidXsrfToken(secret, request.cookies[XSRF_COOKIE_NAME])) return;
      const secure = request.protocol === 'https';
      // Readable by the page (not HttpOnly) so it can echo it; __Host- needs HTTPS.
      reply.setCookie(XSRF_COOKIE_NAME, mintXsrfToken(secret), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure,
      });
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const config = request.routeOptions.config;
      if (config.bearer || config.public) return;

      if (request.headers[FIXED_HEADER_NAME.toLowerCase()] !== FIXED_HEADER_VALUE) {
        throw new HttpProblem(403, `The ${FIXED_HEADER_NAME} header is missing or wrong.`);
      }
      if (WRITE_METHODS.has(request.method)) {
        const cookie = request.cookies[XSRF_COOKIE_NAME];
        const header = request.headers[XSRF_HEADER_NAME.toLowerCase()];
        const echoed = typeof header === 'string' ? header : undefined;
        if (!isValidXsrfToken(secret, cookie) || !echoed || !safeEqual(echoed, cookie ?? '')) {
          throw new HttpProblem(
            403,
            'The security token is missing or out of date. Reload the page and try again.',
          );
        }
      } else if (request.method === 'GET') {
        app.ensureXsrfCookie(request, reply);
      }
    });
  },
  { name: 'api-guard', dependencies: ['@fastify/cookie'] },
);
