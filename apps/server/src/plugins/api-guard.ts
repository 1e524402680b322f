import crypto from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { FIXED_HEADER_NAME, FIXED_HEADER_VALUE, XSRF_HEADER_NAME } from '@lumenfield/contract';
import type { Config } from '../config';
import { HttpProblem } from './problem-details';
import { isValidXsrfToken, safeEqual, xsrfCookieName } from './xsrf';

/**
 * Who may call a guarded route (/api and /metrics). Every route registered in the guarded scope
 * declares one in its `config.access`; a route without it stops the server at start (fail
 * closed):
 * - `public`: the site's own page: the fixed header, and on writes the XSRF echo;
 * - `bearer`: the recruiters' automation: `Authorization: Bearer <ADMIN_TOKEN>`;
 * - `metrics`: an operator's scraper: `Authorization: Bearer <METRICS_TOKEN>`;
 * - `open`: a document anyone may read (the OpenAPI description), still rate-limited.
 */
export type RouteAccess = 'public' | 'bearer' | 'metrics' | 'open';
export const ROUTE_ACCESS: readonly RouteAccess[] = ['public', 'bearer', 'metrics', 'open'];
type TokenAccess = Extract<RouteAccess, 'bearer' | 'metrics'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export interface ApiGuardOptions {
  config: Config;
  secret: string;
  redis: Redis | undefined;
}

/** Failed bearer tokens a client may send in a minute before every bearer call answers 429. */
export const BEARER_FAILURES_PER_MINUTE = 20;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * The guards of every /api route and /metrics, registered inside the scope that holds them
 * (routes/guarded.ts; Fastify encapsulation), so they judge the request as the router resolved
 * it: whatever spelling reaches a route (`/%61pi/…`) meets that route's guards. Nothing here
 * reads the raw URL.
 *
 * Order: the request limit (onRequest, every call counts), then the route's access rule
 * (preParsing: before a body is read).
 */
export const apiGuard = fp<ApiGuardOptions>(
  async (api: FastifyInstance, { config, secret, redis }) => {
    api.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access || !ROUTE_ACCESS.includes(access)) {
        throw new Error(`${String(route.method)} ${route.url} must declare config.access`);
      }
    });

    await api.register(fastifyRateLimit, {
      global: true,
      hook: 'onRequest',
      max: config.rateLimit.requestsPerMinute,
      timeWindow: '1 minute',
      ...(redis ? { redis, skipOnError: true, nameSpace: 'lumenfield-rl:' } : {}),
    });
    const bearerFailures = api.createRateLimit({
      max: BEARER_FAILURES_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `bearer-failures:${request.ip}`,
    });
    const expected: Record<TokenAccess, { digest: Buffer | undefined; realm: string }> = {
      bearer: {
        digest: config.adminToken ? digest(config.adminToken) : undefined,
        realm: 'recruiters',
      },
      metrics: {
        digest: config.metricsToken ? digest(config.metricsToken) : undefined,
        realm: 'metrics',
      },
    };

    const refuseBearer = async (
      request: FastifyRequest,
      reply: FastifyReply,
      realm: string,
    ): Promise<never> => {
      const counted = await bearerFailures(request);
      if (!counted.isAllowed && counted.isExceeded) {
        reply.header('Retry-After', String(Math.max(1, counted.ttlInSeconds)));
        throw new HttpProblem(429, 'Too many requests. Please wait a moment and try again.');
      }
      reply.header('WWW-Authenticate', `Bearer realm="${realm}"`);
      throw new HttpProblem(401, 'A valid token is required.');
    };

    api.addHook('preParsing', async (request, reply, payload) => {
      const access = request.routeOptions.config.access;
      if (access === 'bearer' || access === 'metrics') {
        // With no token configured the route does not exist.
        const { digest: expectedToken, realm } = expected[access];
        if (!expectedToken) throw new HttpProblem(404, 'There is no such endpoint.');
        // A client that used up its failures is refused before its token is even compared.
        const seen = await bearerFailures(request, { increment: false });
        if (!seen.isAllowed && seen.remaining === 0) {
          reply.header('Retry-After', String(Math.max(1, seen.ttlInSeconds)));
          throw new HttpProblem(429, 'Too many requests. Please wait a moment and try again.');
        }
        const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(request.headers.authorization ?? '');
        // Both sides are hashed first so the comparison takes the same time whatever the guess.
        if (!match?.[1] || !crypto.timingSafeEqual(digest(match[1]), expectedToken)) {
          await refuseBearer(request, reply, realm);
        }
        return payload;
      }
      if (access === 'open') return payload;

      if (request.headers[FIXED_HEADER_NAME.toLowerCase()] !== FIXED_HEADER_VALUE) {
        throw new HttpProblem(403, `The ${FIXED_HEADER_NAME} header is missing or wrong.`);
      }
      if (WRITE_METHODS.has(request.method)) {
        // Over HTTPS only the __Host- cookie counts: a plain one may have been planted.
        const cookie = request.cookies[xsrfCookieName(request)];
        const header = request.headers[XSRF_HEADER_NAME.toLowerCase()];
        const echoed = typeof header === 'string' ? header : undefined;
        if (!isValidXsrfToken(secret, cookie) || !echoed || !safeEqual(echoed, cookie ?? '')) {
          throw new HttpProblem(
            403,
            'The security token is missing or out of date. Reload the page and try again.',
          );
        }
      } else if (request.method === 'GET') {
        api.ensureXsrfCookie(request, reply);
      }
      return payload;
    });
  },
  { name: 'api-guard', dependencies: ['xsrf-cookies'] },
);
