import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/create-db';
import type { SharedRateLimits } from '../plugins/rate-limit-store';
import { apiGuard, type TokenActor } from '../plugins/api-guard';
import { apiRoutes } from './api';
import { metricsRoutes } from './metrics';

export interface GuardedRouteOptions {
  config: Config;
  database: DbHandle;
  cookieSecret: string;
  /** Counters shared across nodes (REDIS_URL); unset: each node counts on its own. */
  rateLimits: SharedRateLimits | undefined;
  tokenActor: TokenActor;
}

/**
 * Every route that needs a guard: /api and /metrics. The guards are hooks of this plugin
 * (plugins/api-guard.ts), so every route registered here, under any spelling of its path,
 * meets them; each route declares its `config.access` (docs/security.md).
 */
export async function guardedRoutes(
  app: FastifyInstance,
  { config, database, cookieSecret, rateLimits, tokenActor }: GuardedRouteOptions,
) {
  await app.register(apiGuard, { config, secret: cookieSecret, rateLimits, tokenActor });
  await app.register(apiRoutes, { prefix: '/api', config, database });
  await app.register(metricsRoutes);
}
