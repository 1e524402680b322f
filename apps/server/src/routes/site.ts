import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/create-db';

/** Operational routes outside /api: health and the HR portal redirect (docs/architecture.md). */
export async function siteRoutes(
  app: FastifyInstance,
  { config, database }: { config: Config; database: DbHandle },
) {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
    } catch {
      return reply.code(503).header('Cache-Control', 'no-store').send({ status: 'unavailable' });
    }
  });

  app.get('/hr', { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect(config.hrSiteUrl, 302),
  );
}
