import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  XSRF_COOKIE_NAME,
  XSRF_HOST_COOKIE_NAME,
} from '@lumenfield/contract';
import { homeContent, type HomeContent } from '@lumenfield/site-content';
import { consoleRequest, createUser, openSession } from '../test/console';
import { openingRow } from '../test/openings';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { ARRIVAL_COOKIE } from './arrival';
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

/**
 * The node reads its versions now, as on a request after a second: a repeat is answered only at
 * versions read less than a second before, so a pair of reads begun just before that second
 * ends would see the second one go through the chain.
 */
async function versionsReadNow(t: TestApp) {
  for (const version of [t.app.repos.contentVersion, t.app.repos.openingsVersion]) {
    version.forget();
    await version.current();
  }
}

describe(`repeat reads of the pages (${engine})`, () => {
  let t: TestApp;
  let jobUrl: string;
  beforeAll(async () => {
    // No PUBLIC_URL: each page is made for the origin its request names.
    t = await createTestApp({}, { pages: true });
    jobUrl = `/careers/jobs/${await t.app.repos.jobs.create(openingRow('REPEAT-PAGE'))}`;
  });
  afterAll(() => t.close());

  const read = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'www.example.com', ...headers } });

  it('answers a page read again as the whole chain answered it, in every form', async () => {
    // A prebuilt page, the careers page and an opening's (live data), the home page.
    for (const url of ['/about', '/careers', jobUrl, '/']) {
      for (const encoding of ['br', 'gzip, deflate', 'identity']) {
        const headers = { 'accept-encoding': encoding };
        await versionsReadNow(t);
        const first = await read(url, headers);
        expect(first.statusCode, url).toBe(200);
        const before = await repeats(t);
        const again = await read(url, headers);
        expect(await repeats(t), `${url} ${encoding}: a repeat`).toBe(before + 1);
        expect(again.statusCode).toBe(200);
        expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
        expect(sharedHeaders(again)).toEqual(sharedHeaders(first));
      }
    }
  });

  it("mints the page's XSRF cookie on a repeat, and keeps a fresh one", async () => {
    await versionsReadNow(t);
    await read('/about');
    const before = await repeats(t);
    const minted = /^XSRF-TOKEN=([^;]+);/.exec(
      String((await read('/about')).headers['set-cookie']),
    )?.[1];
    expect(isValidXsrfToken(t.cookieSecret, minted)).toBe(true);
    const held = await read('/about', { cookie: `${XSRF_COOKIE_NAME}=${minted}` });
    expect(held.headers['set-cookie']).toBeUndefined();
    expect(await repeats(t)).toBe(before + 2);
  });

  it('records how a visitor arrived (a campaign, a referrer) on a repeat too', async () => {
    const arrivalOf = (res: LightMyRequestResponse) =>
      res.cookies.find((c) => c.name === ARRIVAL_COOKIE);
    const campaign = '/careers?utm_source=newsletter';
    await versionsReadNow(t);
    await read(campaign);
    const before = await repeats(t);
    const tagged = await read(campaign);
    expect(await repeats(t)).toBe(before + 1);
    const cookie = arrivalOf(tagged);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(t.app.unsignCookie(cookie!.value)).toMatchObject({ valid: true });
    const { value } = t.app.unsignCookie(cookie!.value);
    expect(JSON.parse(Buffer.from(value!, 'base64url').toString())).toMatchObject({
      utmSource: 'newsletter',
    });
    const referred = await read('/about', { referer: 'https://search.example.net/?q=jobs' });
    expect(await repeats(t)).toBe(before + 2);
    expect(arrivalOf(referred)).toBeDefined();
  });

  it("never sends one origin's page to another", async () => {
    await versionsReadNow(t);
    await read('/about');
    await read('/about');
    const before = await repeats(t);
    const other = await read('/about', { host: 'careers.example.org' });
    expect(await repeats(t)).toBe(before);
    expect(other.body).toContain('<link rel="canonical" href="http://careers.example.org/about"/>');
    const again = await read('/about', { host: 'careers.example.org' });
    expect(await repeats(t)).toBe(before + 1);
    expect(again.body).toBe(other.body);
  });

  it('never repeats a preview, a not-found page, or a page from before a publish', async () => {
    const editor = await createUser(t, 'pages.editor@example.com', 'admin');
    const session = await openSession(t, editor);
    const call = (method: 'PUT' | 'POST', url: string, body?: unknown) =>
      consoleRequest(t, session, method, `/api/recruiters/content${url}`, body);
    const home = JSON.parse(JSON.stringify(homeContent)) as HomeContent;
    const [claim, ...claims] = home.impact.claims;
    const content = {
      ...home,
      impact: { ...home.impact, claims: [{ ...claim!, claim: 'Repeat no more' }, ...claims] },
    };
    expect((await call('PUT', '/home/draft', { content })).statusCode).toBe(200);
    const preview = await call('POST', '/home/preview');
    const { url } = preview.json() as { url: string };

    await versionsReadNow(t);
    await read('/');
    await read('/');
    const before = await repeats(t);
    for (let i = 0; i < 2; i += 1) {
      expect((await read(url)).body).toContain('Repeat no more');
      expect((await read('/no-such-page')).statusCode).toBe(404);
    }
    expect(await repeats(t)).toBe(before);

    expect((await call('POST', '/home/publish', {})).statusCode).toBe(200);
    await versionsReadNow(t);
    const published = await read('/');
    expect(await repeats(t)).toBe(before);
    expect(published.body).toContain('Repeat no more');
    expect((await read('/')).body).toBe(published.body);
    expect(await repeats(t)).toBe(before + 1);
  });
});
