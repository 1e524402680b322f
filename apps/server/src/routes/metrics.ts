import type { FastifyInstance } from 'fastify';

/**
 * GET /metrics (docs/operations.md): `Authorization: Bearer <METRICS_TOKEN>`; 404 without the
 * variable, 401 with a wrong token, throttled as every bearer route is (plugins/api-guard.ts).
 */
export async function metricsRoutes(app: FastifyInstance) {
  app.get(
    '/metrics',
    { config: { access: 'metrics' }, schema: { hide: true } },
    async (_request, reply) => {
      const { contentType, text } = await app.metricsExposition();
      return reply.header('Cache-Control', 'no-store').type(contentType).send(text);
    },
  );
}
