import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
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
import { apiGuard } from './plugins/api-guard';
import { etag } from './plugins/etag';
import { problemDetails } from './plugins/problem-details';
import { repositories } from './plugins/repositories';
import { loadSitePages, type SitePages } from './plugins/site-pages';
import { staticSite } from './plugins/static-site';
import { pageRoutes } from './routes/pages';
import { apiRoutes } from './routes/api';
import { seoRoutes } from './routes/seo';
import { siteRoutes } from './routes/site';

export interface AppDeps {
  config: Config;
  database: DbHandle;
  cookieSecret: string;
  /** The pages' renderer; by default the one the web build put in the site (STATIC_DIR). */
  sitePages?: SitePages;
}

/** Origins the page may frame: the office maps (CONTRACT §5). */
const MAP_ORIGIN = 'https://www.openstreetmap.org';

/** Builds the whole app; never listens (server.ts does). Tests call `app.inject`. */
export async function buildApp({
  config,
  database,
  cookieSecret,
  sitePages,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // A 5 MB resume as base64 is ~7 MB; the SaveApplicantDetail route raises its own limit.
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Third-party plugins, configured in one place.
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: [MAP_ORIGIN],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: config.trustProxy,
    crossOriginEmbedderPolicy: false,
  });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        connectTimeout: 1_000,
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
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimit.requestsPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(redis ? { redis, skipOnError: true, nameSpace: 'lumenfield-rl:' } : {}),
  });
  // Routes marked `config: { bearer: true }` (the recruiters' API) say so in the OpenAPI
  // document; added before the document's own hook, so it sees them.
  app.addHook('onRoute', (route) => {
    if ((route.config as { bearer?: boolean } | undefined)?.bearer && route.schema) {
      route.schema = { ...route.schema, security: [{ recruiterToken: [] }] };
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
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // App plugins: error shape and the /api guard.
  await app.register(problemDetails);
  await app.register(apiGuard, { secret: cookieSecret });
  await app.register(etag);
  await app.register(repositories, { database });

  // Routes last.
  await app.register(siteRoutes, { config, database });
  await app.register(seoRoutes, { config });
  await app.register(apiRoutes, { prefix: '/api', config });
  const pages = sitePages ?? (await loadSitePages(config.staticDir));
  if (pages) await app.register(pageRoutes, { config, pages });
  else
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
