import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { DbHandle } from './db/create-db';
import { logOutput, requestLogger } from './plugins/log-output';
import { sharedRateLimits } from './plugins/rate-limit-store';
import type { TokenActor } from './plugins/api-guard';
import { compression } from './plugins/compression';
import {
  consoleSessions,
  SESSION_COOKIE_NAME,
  SESSION_HOST_COOKIE_NAME,
} from './plugins/console-sessions';
import { etag } from './plugins/etag';
import { singleSignOn } from './plugins/single-sign-on';
import { hsts } from './plugins/hsts';
import { mailer } from './plugins/mailer';
import { applicantLinks } from './plugins/applicant-links';
import { applicantPageRoutes } from './routes/applicant-page';
import { retention } from './plugins/retention';
import { siteContent } from './plugins/site-content';
import { jobAlerts } from './plugins/job-alerts';
import { calendarMail } from './plugins/calendar-mail';
import { replyReader } from './plugins/reply-reader';
import { notificationMail } from './plugins/notification-mail';
import { searchBudgets, searchOutbox } from './plugins/search-outbox';
import { metrics } from './plugins/metrics';
import { mailRepository } from './domains/mail/mail-repository';
import { outboxRepository } from './domains/mail/outbox-repository';
import { problemDetails } from './plugins/problem-details';
import { repositories } from './plugins/repositories';
import { liveAnswers } from './plugins/live-answers';
import { warmPages } from './plugins/warm-pages';
import { liveVersionChannel } from './plugins/live-version';
import { requestId, requestIdOptions } from './plugins/request-id';
import { routeTable } from './plugins/route-table';
import { clientErrorHandler, frameworkErrors, securityHeaders } from './plugins/security-headers';
import { closingConnections } from './plugins/closing-connections';
import { loadSitePages, type SitePages } from './plugins/site-pages';
import { staticSite } from './plugins/static-site';
import { xsrfCookies } from './plugins/xsrf';
import { uploadBudget } from './plugins/upload-budget';
import {
  createApplicationStore,
  type ApplicationStore,
} from './domains/applications/application-store';
import { applicantWriterPool } from './workers/applicant-writer-pool';
import { applyFormRoutes } from './routes/apply-form';
import { alertPageRoutes } from './routes/alert-pages';
import { feedRoutes } from './routes/feed';
import { consolePageRoutes } from './routes/console-pages';
import { guardedRoutes } from './routes/guarded';
import { pendingSignIns } from './plugins/pending-sign-ins';
import { pageRoutes } from './routes/pages';
import { seoRoutes } from './routes/seo';
import { siteRoutes } from './routes/site';
import { trackingLinkRoutes } from './routes/tracking-links';
import { contentMediaRoutes } from './routes/content-media';
import { arrival } from './plugins/arrival';

declare module 'fastify' {
  interface FastifyInstance {
    /** The node's one application store: applications are written where they cannot hold the
     *  event loop (SQLite: a worker thread); the JSON route and the site's form share it. */
    applicationStore: ApplicationStore;
  }
}

export interface AppDeps {
  config: Config;
  database: DbHandle;
  cookieSecret: string;
  /** The pages' renderer; by default the one the web build put in the site (STATIC_DIR). */
  sitePages?: SitePages;
  /** The app's clock (sessions, audit, throttling); tests set it. */
  now?: () => Date;
  /** Who the bearer API's calls are audited as: the CLI's in-process app says 'cli'. */
  tokenActor?: TokenActor;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: NodeJS.WritableStream;
}

/** Builds the whole app; never listens (server.ts does). Tests call `app.inject`. */
export async function buildApp({
  config,
  database,
  cookieSecret,
  sitePages,
  now = () => new Date(),
  tokenActor = 'token',
  logDestination,
}: AppDeps): Promise<FastifyInstance> {
  const log = await logOutput(config, logDestination ? { destination: logDestination } : {});
  const app = Fastify({
    logger: log.logger,
    logController: log.logController,
    childLoggerFactory: requestLogger,
    ...requestIdOptions(config.trustProxy),
    // A 5 MB resume as base64 is ~7 MB; the SaveApplicantDetail route raises its own limit.
    bodyLimit: 1024 * 1024,
    // A request that reaches a closing node on a kept-alive connection is still answered, with
    // Connection: close (plugins/closing-connections.ts): nginx would not retry a 503 to a POST.
    return503OnClosing: false,
    // A request that has not fully arrived after BODY_TIMEOUT_MS (headers or body) is answered
    // 408 and closed, on every route: a stalled body gives back its share of the upload budget.
    requestTimeout: config.bodyTimeoutMs,
    http: {
      headersTimeout: config.bodyTimeoutMs,
      // Node looks for expired requests this often (30 s by default, which would double the wait).
      connectionsCheckingInterval: Math.min(1_000, config.bodyTimeoutMs),
    },
    forceCloseConnections: 'idle',
    // Answers made before any hook runs still carry the security headers (docs/security.md).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  if (log.notice) app.log.warn(log.notice);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(routeTable);
  await app.register(closingConnections);
  // Third-party plugins, configured in one place.
  // The secret signs the console's session cookie (a cookie from another secret is refused).
  await app.register(fastifyCookie, { secret: cookieSecret });
  app.decorate('now', now);
  // How a visitor arrived, remembered from the page visit for the application to credit.
  await app.register(arrival);
  const pages = sitePages ?? (await loadSitePages(config.staticDir));
  // Helmet's headers and the Permissions-Policy; HSTS over HTTPS only, by plugins/hsts.ts.
  await app.register(securityHeaders);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        connectTimeout: 1_000,
        // A Redis that holds a connection but never answers must not hold requests: past this
        // the limits count on the node's own counter (plugins/rate-limit-store.ts).
        commandTimeout: 500,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : undefined;
  // Rate-limit counters live in Redis when configured; if Redis is down the site keeps serving.
  redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'redis unavailable'));
  // Commands sent before Redis is ready are skipped (no offline queue), which would let the
  // first requests past every limit: wait for it briefly, then serve either way.
  if (redis) await redisReady(redis, 2_000);
  const rateLimits = redis
    ? sharedRateLimits({ redis, log: app.log, nameSpace: 'lumenfield-rl:' })
    : undefined;
  // Routes with `config: { access: 'bearer' }` (the recruiters' API) say so in the OpenAPI
  // document; added before the document's own hook, so it sees them.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === 'bearer' && route.schema) {
      route.schema = { ...route.schema, security: [{ recruiterToken: [] }] };
    }
    // The console's routes: a signed-in person's session cookie (docs/recruiters.md).
    if ((access === 'session' || access === 'session-link') && route.schema) {
      route.schema = { ...route.schema, security: [{ consoleSession: [] }] };
    }
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lumenfield careers API',
        version: '1.0.0',
        description: 'Openings, reference data, applications and the recruiters API.',
      },
      components: {
        securitySchemes: {
          recruiterToken: {
            type: 'http',
            scheme: 'bearer',
            description: "The recruiters' token (ADMIN_TOKEN): docs/recruiters.md",
          },
          consoleSession: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_HOST_COOKIE_NAME,
            description: `A console session (${SESSION_COOKIE_NAME} over plain HTTP): docs/recruiters.md`,
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // App plugins: error shape and the XSRF cookie (the /api guard is a hook of the /api plugin).
  await app.register(problemDetails);
  await app.register(xsrfCookies, { secret: cookieSecret });
  await app.register(etag);
  await app.register(repositories, { database, config });
  // Answers made of the openings, cached until they change, on every node (docs/performance.md).
  await app.register(liveVersionChannel, { redis });
  await app.register(liveAnswers, {});
  // The site's published content every page is made of, and its scheduled publishes.
  await app.register(siteContent, { config });
  await app.register(consoleSessions, { secret: cookieSecret });
  // A right password waiting for its second step; the keys of authenticator secrets.
  await app.register(pendingSignIns, { secret: cookieSecret });
  await app.register(singleSignOn, { setting: config.singleSignOn });
  // Operations (docs/operations.md): request ids, HSTS over HTTPS, metrics, compression.
  await app.register(requestId);
  await app.register(hsts);
  await app.register(metrics, { database, rateLimits, searchBudgets: searchBudgets(config) });
  await app.register(compression);
  await app.register(mailer, {
    config,
    mail: mailRepository(database.db),
    outbox: outboxRepository(database.db),
  });
  await app.register(retention, { config });
  await app.register(jobAlerts, { config });
  await app.register(calendarMail, { config, db: database.db });
  await app.register(replyReader, { config, db: database.db });
  await app.register(notificationMail, { config });
  await app.register(searchOutbox, { config });
  await app.register(applicantLinks, { config, database });
  // The bytes of upload bodies a node holds at once, and each client's share of them.
  await app.register(uploadBudget, { config });

  // Routes last.
  const applicationStore = createApplicationStore(database, applicantWriterPool);
  app.decorate('applicationStore', applicationStore);
  app.addHook('onClose', () => applicationStore.close());

  await app.register(siteRoutes, { config, database });
  await app.register(trackingLinkRoutes);
  // The content's images in every size and format, for every visitor (docs/content.md).
  await app.register(contentMediaRoutes);
  await app.register(seoRoutes, { config });
  await app.register(feedRoutes, { config });
  await app.register(guardedRoutes, {
    config,
    database,
    cookieSecret,
    rateLimits,
    tokenActor,
  });
  await app.register(consolePageRoutes, { staticDir: config.staticDir });
  if (pages) {
    await app.register(pageRoutes, { config, pages });
    // The careers page and the openings' pages made as the node starts listening.
    await app.register(warmPages, { config });
    await app.register(applyFormRoutes, { config, database, cookieSecret, rateLimits });
    await app.register(alertPageRoutes, { config, rateLimits });
    await app.register(applicantPageRoutes, { config, cookieSecret, rateLimits });
  } else
    app.log.warn(
      `No built site at ${config.staticDir}; run "npm run build". Only the API is served.`,
    );
  await app.register(staticSite, { root: config.staticDir });

  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  return app;
}

function redisReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}
