import type { FastifyInstance } from 'fastify';

/**
 * A background run every `intervalMs` on this node (0: never; tests call the run themselves):
 * started when the app is ready, one at a time (a tick while one runs is skipped, never queued
 * behind it), a failure logged as `failure` and tried again next tick. No run starts once
 * closing begins; one in progress is awaited after the server stopped listening (onClose), so
 * it never holds the port. server.ts closes the database after.
 */
export function runEvery(
  app: FastifyInstance,
  intervalMs: number,
  run: () => Promise<unknown>,
  failure: string,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    if (intervalMs === 0) return;
    timer = setInterval(() => {
      running ??= run()
        .catch((error: unknown) => app.log.warn({ err: error }, failure))
        .finally(() => (running = undefined));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));
  app.addHook('onClose', async () => {
    await running;
  });
}
