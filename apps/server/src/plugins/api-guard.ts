import crypto from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  API_BASE_PATH,
  consolePaths,
  FIXED_HEADER_NAME,
  RECENT_SIGN_IN_MINUTES,
  SIGN_IN_AGAIN_TO_CHANGE_MESSAGE,
  STAFF_ROLES,
  FIXED_HEADER_VALUE,
  XSRF_HEADER_NAME,
  type UserRole,
} from '@lumenfield/contract';
import type { Config } from '../config';
import type { SharedRateLimits } from './rate-limit-store';
import type { AuditActor } from '../domains/audit/audit-repository';
import { hashApiToken } from '../domains/accounts/api-tokens-repository';
import { HttpProblem } from '../lib/http-problem';
import { isValidXsrfToken, safeEqual, xsrfCookieName } from './xsrf';
import { repeatReads } from './repeat-reads';

/**
 * Who may call a guarded route (/api and /metrics). Every route registered in the guarded scope
 * declares one in its `config.access`; a route without it stops the server at start (fail
 * closed):
 * - `public`: the site's own page: the fixed header, and on writes the XSRF echo;
 * - `bearer`: the recruiters' automation: `Authorization: Bearer <ADMIN_TOKEN>`;
 * - `metrics`: an operator's scraper: `Authorization: Bearer <METRICS_TOKEN>`;
 * - `open`: a document anyone may read (the OpenAPI description), still rate-limited;
 * - `session`: the recruiters' console: as `public`, and a valid console session
 *   (plugins/console-sessions.ts), with one of `config.roles` (unset: STAFF_ROLES);
 * - `session-link`: a GET link the console's browser follows without our headers (a resume, the
 *   CSV export): the session cookie (SameSite=Strict, so never sent from another site) only.
 * Both `session` kinds also take a person's own API token, `Authorization: Bearer lft_…`, in
 * place of the session and the page's headers: it acts as that person, with their role, unless
 * the route is `sessionOnly`.
 */
export type RouteAccess = 'public' | 'bearer' | 'metrics' | 'open' | 'session' | 'session-link';
export const ROUTE_ACCESS: readonly RouteAccess[] = [
  'public',
  'bearer',
  'metrics',
  'open',
  'session',
  'session-link',
];
type TokenAccess = Extract<RouteAccess, 'bearer' | 'metrics'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Who the bearer API's calls are audited as ('token', or 'cli' in the CLI's own app). */
    tokenActor: TokenActor;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * `session` and `session-link` routes only: the roles that may call it (unset: STAFF_ROLES,
     * admins and recruiters; every other role reaches only the routes that name it, and there
     * only what its reach holds: domains/team/reach.ts).
     */
    roles?: readonly UserRole[];
    /** `session` routes only: a signed-in browser only, never a personal API token. */
    sessionOnly?: boolean;
    /**
     * `sessionOnly` routes that change how a person signs in: a session signed in within
     * RECENT_SIGN_IN_MINUTES, else 403 SIGN_IN_AGAIN_TO_CHANGE_MESSAGE (the page signs in again
     * in place and sends the call once more).
     */
    recentSignIn?: boolean;
  }
}

const RECENT_SIGN_IN_MS = RECENT_SIGN_IN_MINUTES * 60 * 1000;

/** The bearer API's calls go into the audit log as this actor (the CLI's own app: 'cli'). */
export type TokenActor = 'token' | 'cli';

export interface ApiGuardOptions {
  config: Config;
  secret: string;
  rateLimits: SharedRateLimits | undefined;
  tokenActor: TokenActor;
}

/** Failed bearer tokens a client may send in a minute before every bearer call answers 429. */
export const BEARER_FAILURES_PER_MINUTE = 20;
/** A personal token's last use is written at most this often (a busy script is not a write per call). */
export const TOKEN_TOUCH_MS = 60 * 1000;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers that may hold personal data or a session: never kept by a browser or a proxy. */
const PRIVATE_ACCESS = new Set<RouteAccess | undefined>(['session', 'session-link', 'bearer']);
// The console's sign-in and its second step are public (anyone may try) but answer a session
// or an authenticator's secret; single sign-on's way out and back (`open`) set and spend the
// attempt's cookie and the session's.
const SIGN_IN_URLS = new Set(
  [
    consolePaths.session,
    consolePaths.secondFactor,
    consolePaths.secondFactorSetup,
    consolePaths.ssoStart,
    consolePaths.ssoCallback,
  ].map((path) => `${API_BASE_PATH}${path}`),
);
const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
const FIXED_HEADER = FIXED_HEADER_NAME.toLowerCase();
/** A route's own hooks: checks or changes the guard does not know of. */
const ROUTE_HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onError',
] as const;

/** Whether a call carries the site's fixed header, as every `public` and `session` call must. */
function carriesFixedHeader(request: FastifyRequest): boolean {
  return request.headers[FIXED_HEADER] === FIXED_HEADER_VALUE;
}

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
  async (api: FastifyInstance, { config, secret, rateLimits, tokenActor }) => {
    api.decorate('tokenActor', tokenActor);
    // First of every hook, so refusals (401, 403, 429) and errors carry it too.
    api.addHook('onRequest', (request, reply, done) => {
      const { config: route, url } = request.routeOptions;
      if (PRIVATE_ACCESS.has(route.access) || (url !== undefined && SIGN_IN_URLS.has(url))) {
        reply.header('Cache-Control', 'no-store');
      }
      done();
    });

    /**
     * Public GET routes with no hook and no request limit of their own (the door counts the
     * guard's): their answers may be repeated (plugins/repeat-reads.ts).
     */
    const plainPublicReads = new Set<string>();
    api.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access || !ROUTE_ACCESS.includes(access)) {
        throw new Error(`${String(route.method)} ${route.url} must declare config.access`);
      }
      const methods = [route.method].flat();
      if (
        access === 'public' &&
        methods.includes('GET') &&
        route.config?.rateLimit === undefined &&
        !ROUTE_HOOKS.some((hook) => route[hook])
      ) {
        plainPublicReads.add(route.url);
      }
      if (
        access === 'session-link' &&
        methods.some((method) => method !== 'GET' && method !== 'HEAD')
      ) {
        throw new Error(`${String(route.method)} ${route.url}: a session link is a GET`);
      }
      if (route.config?.roles && access !== 'session' && access !== 'session-link') {
        throw new Error(`${String(route.method)} ${route.url}: roles need a session access`);
      }
      if (route.config?.sessionOnly && access !== 'session') {
        throw new Error(`${String(route.method)} ${route.url}: sessionOnly needs access 'session'`);
      }
      if (route.config?.recentSignIn && !route.config.sessionOnly) {
        throw new Error(`${String(route.method)} ${route.url}: recentSignIn needs sessionOnly`);
      }
    });

    const requireRole = (request: FastifyRequest, role: UserRole) => {
      const roles = request.routeOptions.config.roles ?? STAFF_ROLES;
      if (!roles.includes(role)) {
        throw new HttpProblem(403, 'Your account may not do this.');
      }
    };

    /** The console's session, and the route's role, or the refusal (401, 403). */
    const requireSession = async (request: FastifyRequest) => {
      const context = await api.consoleSessions.resolve(request);
      if (!context) throw new HttpProblem(401, 'Please sign in to continue.');
      requireRole(request, context.user.role);
      if (
        request.routeOptions.config.recentSignIn &&
        api.now().getTime() - Date.parse(context.session.createdAt) > RECENT_SIGN_IN_MS
      ) {
        throw new HttpProblem(403, SIGN_IN_AGAIN_TO_CHANGE_MESSAGE);
      }
      request.consoleContext = context;
    };

    await api.register(fastifyRateLimit, {
      global: true,
      hook: 'onRequest',
      max: config.rateLimit.requestsPerMinute,
      timeWindow: '1 minute',
      // A refusal says when to come back (429 with Retry-After and the X-RateLimit-* counts);
      // an allowed call carries no counts: the client has no use for them, and they are 90
      // bytes on every answer (docs/performance.md).
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      // Shared across nodes in Redis; each node's own counter while Redis is away.
      ...(rateLimits ? { store: rateLimits.Store } : {}),
    });
    // A public read the whole chain answered before is answered again from it, after the same
    // checks: the fixed header, this limit's count, the XSRF cookie (plugins/repeat-reads.ts).
    await api.register(repeatReads, {
      limit: api.createRateLimit(),
      admits: carriesFixedHeader,
      repeatable: (request) =>
        request.method === 'GET' && plainPublicReads.has(request.routeOptions.url ?? ''),
      sent: (request) => api.liveAnswerSent(request),
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

    /** Who used the token for what: the route's pattern and the id it names (no personal data). */
    const auditTokenCall = async (
      request: FastifyRequest,
      actor: AuditActor = { label: tokenActor },
      detail: string | null = null,
    ) => {
      const params = request.params as Record<string, string> | undefined;
      const query = request.query as Record<string, unknown> | undefined;
      const guid = query?.AttachmentGuid;
      const id =
        params?.id ??
        params?.guid?.slice(0, 40) ??
        (typeof guid === 'string' ? guid.slice(0, 40) : undefined);
      await api.repos.audit.record(
        {
          actor,
          action: 'token-call',
          target: `${request.method} ${request.routeOptions.url ?? ''}${id ? ` ${id}` : ''}`,
          detail,
        },
        api.now(),
      );
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

    /**
     * A person's own API token on a console route: that person with their role, audited as
     * them; a wrong, revoked or deactivated person's token is a failed bearer token (401, 429).
     */
    const requirePersonalToken = async (request: FastifyRequest, reply: FastifyReply) => {
      const seen = await bearerFailures(request, { increment: false });
      if (!seen.isAllowed && seen.remaining === 0) {
        reply.header('Retry-After', String(Math.max(1, seen.ttlInSeconds)));
        throw new HttpProblem(429, 'Too many requests. Please wait a moment and try again.');
      }
      const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(request.headers.authorization ?? '');
      const found = match?.[1] && (await api.repos.apiTokens.findByHash(hashApiToken(match[1])));
      if (!found || !found.user.isActive) return refuseBearer(request, reply, 'console');
      const { token, user } = found;
      if (request.routeOptions.config.sessionOnly) {
        throw new HttpProblem(403, 'A personal API token may not do this: sign in to the console.');
      }
      requireRole(request, user.role);
      const now = api.now();
      if (!token.lastUsedAt || now.getTime() - Date.parse(token.lastUsedAt) >= TOKEN_TOUCH_MS) {
        await api.repos.apiTokens.touch(token.id, now);
      }
      request.consoleContext = { user, token: { id: token.id, name: token.name } };
      await auditTokenCall(request, { userId: user.id }, `personal token "${token.name}"`);
    };

    api.addHook('preParsing', async (request, reply, payload) => {
      const access = request.routeOptions.config.access;
      // A bearer header is never sent by a browser on its own (unlike a cookie), so a token call
      // needs neither the page's fixed header nor the XSRF echo.
      if (
        (access === 'session' || access === 'session-link') &&
        request.headers.authorization !== undefined
      ) {
        await requirePersonalToken(request, reply);
        return payload;
      }
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
        if (access === 'bearer') await auditTokenCall(request);
        return payload;
      }
      if (access === 'open') return payload;
      if (access === 'session-link') {
        await requireSession(request);
        return payload;
      }

      if (!carriesFixedHeader(request)) {
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
      if (access === 'session') await requireSession(request);
      return payload;
    });
  },
  { name: 'api-guard', dependencies: ['xsrf-cookies', 'console-sessions'] },
);
