import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/create-db';

export interface ApiRouteOptions {
  config: Config;
  database: DbHandle;
}

/** Everything under /api. Each feature's routes register here. */
export async function apiRoutes(app: FastifyInstance, _options: ApiRouteOptions) {
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
