import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/ports';
import { parsePrometheusText } from '../test/prometheus';
import { startRedis, stopRedis } from '../test/redis';
import { createTestApp, engine, type TestApp } from '../test/test-app';

const LISTING = '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0';
const METRICS_TOKEN = 'test-metrics-token-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The statuses of `count` listing requests, in order. */
async function statuses(t: TestApp, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let n = 0; n < count; n++) {
    out.push((await t.app.inject({ url: LISTING, headers: t.headers() })).statusCode);
  }
  return out;
}

async function fallbackGauge(t: TestApp): Promise<number | undefined> {
  const res = await t.app.inject({
    url: '/metrics',
    // Another client: /metrics is rate-limited too, and the listing's client is over its limit.
    remoteAddress: '192.0.2.9',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return parsePrometheusText(res.body).find(
    (s) => s.name === 'lumenfield_rate_limit_store_fallback',
  )?.value;
}

const count = (list: number[], status: number) => list.filter((s) => s === status).length;

describe(`rate limits while Redis is away (${engine})`, () => {
  const apps: TestApp[] = [];
  const redises: ChildProcess[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const redis of redises) await stopRedis(redis);
  });
  const node = async (redisUrl: string) => {
    const t = await createTestApp({
      REDIS_URL: redisUrl,
      RATE_LIMIT_REQUESTS: '6',
      METRICS_TOKEN,
    });
    apps.push(t);
    return t;
  };

  it('a Redis that never answered: each node counts on its own, and says so in /metrics', async () => {
    const t = await node(`redis://127.0.0.1:${await freePort()}`);
    const got = await statuses(t, 10);
    expect(count(got, 200)).toBe(6);
    expect(count(got, 429)).toBe(4);
    expect(await fallbackGauge(t)).toBe(1);
  });

  it('a Redis that stops answering (but keeps its connections): requests are still answered, limited on the node', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    redises.push(redis);
    const t = await node(`redis://127.0.0.1:${port}`);
    expect(count(await statuses(t, 2), 200)).toBe(2);
    redis.kill('SIGSTOP');
    try {
      // The node's own counter starts afresh: it never saw what Redis counted.
      const got = await statuses(t, 8);
      expect(count(got, 200)).toBe(6);
      expect(count(got, 429)).toBe(2);
      expect(await fallbackGauge(t)).toBe(1);
    } finally {
      redis.kill('SIGCONT');
    }
  });

  it('Redis killed: per-node limits; Redis back: one shared limit again', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    redises.push(redis);
    const [a, b] = [
      await node(`redis://127.0.0.1:${port}`),
      await node(`redis://127.0.0.1:${port}`),
    ];

    // Shared: six across both nodes.
    const shared = [...(await statuses(a, 4)), ...(await statuses(b, 4))];
    expect(count(shared, 200)).toBe(6);
    expect(await fallbackGauge(a)).toBe(0);

    await stopRedis(redis);
    // Each node notices on its next request and counts on its own: six each, afresh.
    const [onA, onB] = [await statuses(a, 8), await statuses(b, 8)];
    expect(count(onA, 200)).toBe(6);
    expect(count(onB, 200)).toBe(6);
    expect(await fallbackGauge(a)).toBe(1);
    expect(await fallbackGauge(b)).toBe(1);

    redis = await startRedis(port);
    redises.push(redis);
    // ioredis reconnects by itself; once it has, the nodes count in Redis again.
    for (let tries = 0; tries < 100 && (await fallbackGauge(a)) !== 0; tries++) {
      await statuses(a, 1);
      await sleep(100);
    }
    expect(await fallbackGauge(a)).toBe(0);
    await statuses(b, 1);
    expect(await fallbackGauge(b)).toBe(0);
    // Shared again: once A has used the budget up, B has none left either.
    expect(count(await statuses(a, 8), 429)).toBeGreaterThan(0);
    expect(count(await statuses(b, 4), 200)).toBe(0);
  });
});
