import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  XSRF_COOKIE_NAME,
  XSRF_HOST_COOKIE_NAME,
} from '@lumenfield/contract';
import { openingRow } from '../test/openings';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { isValidXsrfToken } from './xsrf';

/** An answer's headers but its request's own (its id, its date, its cookie). */
function sharedHeaders(res: LightMyRequestResponse) {
  const { 'x-request-id': id, date, 'set-cookie': cookie, ...rest } = res.headers;
  expect(id).toBeTruthy();
  return rest;
}

/** How many reads the node answered as repeats (its metric). */
async function repeats(t: TestApp): Promise<number> {
  const { text } = await t.app.metricsExposition();
  return Number(/^lumenfield_repeat_reads_total (\d+)$/m.exec(text)?.[1]);
}

describe(`repeat reads of the public API (${engine})`, () => {
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    id = await t.app.repos.jobs.create(openingRow('REPEAT-1'));
  });
  afterAll(() => t.close());

  const read = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...t.headers(), ...headers } });

  it('answers a read again as the whole chain answered it, in every form', async () => {
    const urls = [
      '/api/openings',
      `/api/openings/${id}`,
      `/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpeningsDetail&jobID=${id}`,
    ];
    for (const url of urls) {
      for (const encoding of ['br', 'gzip, deflate', 'identity']) {
        const headers = { 'accept-encoding': encoding };
        const before = await repeats(t);
        const first = await read(url, headers);
        expect(first.statusCode, url).toBe(200);
        expect(await repeats(t), `${url} ${encoding}: the chain's`).toBe(before);
        const again = await read(url, headers);
        expect(await repeats(t), `${url} ${encoding}: a repeat`).toBe(before + 1);
        expect(again.statusCode).toBe(200);
        expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
        expect(sharedHeaders(again)).toEqual(sharedHeaders(first));
        expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      }
    }
  });

  it('mints the XSRF cookie a first call needs, and keeps a fresh one', async () => {
    await read('/api/openings');
    const before = await repeats(t);
    const first = await read('/api/openings');
    const minted = /^XSRF-TOKEN=([^;]+);/.exec(String(first.headers['set-cookie']))?.[1];
    expect(isValidXsrfToken(t.cookieSecret, minted)).toBe(true);
    const held = await read('/api/openings', { cookie: `${XSRF_COOKIE_NAME}=${minted}` });
    expect(held.headers['set-cookie']).toBeUndefined();
    expect(await repeats(t)).toBe(before + 2);
  });

  it('over HTTPS (a trusted proxy says so) replays the HTTPS answer, HSTS and __Host- cookie', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    await read('/api/openings', https);
    const before = await repeats(t);
    const again = await read('/api/openings', https);
    expect(await repeats(t)).toBe(before + 1);
    expect(again.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(String(again.headers['set-cookie'])).toMatch(
      new RegExp(`^${XSRF_HOST_COOKIE_NAME}=[^;]+;.*Secure`),
    );
    const plain = await read('/api/openings');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('leaves every refusal, a 304 and another spelling to the chain', async () => {
    const url = '/api/openings';
    const first = await read(url);
    const before = await repeats(t);
    const bare = await t.app.inject({ method: 'GET', url });
    expect(bare.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'GET',
      url,
      headers: { [FIXED_HEADER_NAME]: `${FIXED_HEADER_VALUE}x` },
    });
    expect(wrong.statusCode).toBe(403);
    const held = await read(url, { 'if-none-match': String(first.headers.etag) });
    expect(held.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url, headers: t.headers() });
    expect(head.statusCode).toBe(200);
    const spelled = await read('/%61pi/openings');
    expect(spelled.statusCode).toBe(200);
    expect(await repeats(t)).toBe(before);
  });

  it('never answers from before a write', async () => {
    await read('/api/openings');
    await read('/api/openings');
    await t.app.repos.jobs.create(openingRow('REPEAT-2'));
    const after = await read('/api/openings');
    expect(after.statusCode).toBe(200);
    expect((after.json() as { code: string }[]).map((row) => row.code)).toContain('REPEAT-2');
  });
});

describe(`repeat reads under the request limit (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_REQUESTS: '5' });
  });
  afterAll(() => t.close());

  it('counts each repeat against the limit, and the sixth read in the minute is refused', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/openings', headers: t.headers() });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(await repeats(t)).toBe(4);
  });
});

describe(`a repeat read's log line (${engine})`, () => {
  it("is written as every request's: one line with its own id, status and time", async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { LOG_LEVEL: 'info' },
      {
        logDestination: new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(...chunk.toString().split('\n').filter(Boolean));
            done();
          },
        }),
      },
    );
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/openings',
          headers: t.headers(),
        });
        ids.push(String(res.headers['x-request-id']));
      }
      expect(await repeats(t)).toBe(2);
      const completed = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'request completed');
      expect(completed.map((line) => line.requestId)).toEqual(ids);
      for (const line of completed) {
        expect(line).toMatchObject({
          level: 30,
          req: { method: 'GET', url: '/api/openings' },
          res: { statusCode: 200 },
        });
        expect(typeof line.responseTime).toBe('number');
      }
    } finally {
      await t.close();
    }
  });
});
