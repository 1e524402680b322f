import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

describe(`GET /api/admin/metrics (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports event-loop delay and memory to the recruiters token only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');

    // Let the histogram record a few turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 60));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/metrics?reset=1',
      headers: adminHeaders(t),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{
      eventLoopDelayMs: { p50: number; p99: number; max: number };
      memoryMiB: { rss: number; heapUsed: number };
    }>();
    expect(body.eventLoopDelayMs.p99).toBeGreaterThan(0);
    expect(body.eventLoopDelayMs.max).toBeGreaterThanOrEqual(body.eventLoopDelayMs.p99);
    expect(body.memoryMiB.rss).toBeGreaterThan(body.memoryMiB.heapUsed);
  });

  it('does not exist without ADMIN_TOKEN', async () => {
    const bare = await createTestApp({ ADMIN_TOKEN: '' });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/api/admin/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
