import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyPluginAsync } from 'fastify';

const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;

/**
 * GET /admin/metrics: event-loop delay and memory of this process, for bench/load and the
 * resilience suite. Recruiters' bearer token only (404 without ADMIN_TOKEN, as the other admin
 * routes); `?reset=1` starts a fresh event-loop histogram after reading it.
 */
export const adminMetricsRoutes: FastifyPluginAsync = async (app) => {
  // 10 ms resolution is the default of the histogram; it costs one timer per process.
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  app.addHook('onClose', async () => histogram.disable());

  app.get(
    '/admin/metrics',
    { config: { access: 'bearer' }, schema: { hide: true } },
    (request, reply) => {
      const memory = process.memoryUsage();
      const body = {
        eventLoopDelayMs: {
          p50: ms(histogram.percentile(50)),
          p99: ms(histogram.percentile(99)),
          max: ms(histogram.max),
        },
        memoryMiB: {
          rss: Math.round(memory.rss / 10485.76) / 100,
          heapUsed: Math.round(memory.heapUsed / 10485.76) / 100,
        },
        uptimeSeconds: Math.round(process.uptime()),
      };
      if ((request.query as { reset?: string }).reset === '1') histogram.reset();
      return reply.header('Cache-Control', 'no-store').send(body);
    },
  );
};
