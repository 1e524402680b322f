import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_HEADER_NAME, FIXED_HEADER_VALUE } from '@lumenfield/contract';
import { ConfigError, loadConfig } from '../config';
import { loggerOptions } from './logging';
import { applicationPayload, createOpening, postApplication } from '../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { parsePrometheusText } from '../test/prometheus';

const listing = '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0';
const countries = '/api/Jobs/GetRecruitmentManagerDropDownValues?ControlName=Country';
const read = { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('TRUST_PROXY and METRICS_TOKEN configuration', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
  it('takes a hop count or a list of addresses and CIDRs; false or 0 trusts nothing', () => {
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
  it('refuses true, saying what to set instead, and names a bad address', () => {
    expect(() => trust('true')).toThrow(ConfigError);
    expect(() => trust('true')).toThrow(/TRUST_PROXY must not be "true".*1 for one nginx/s);
    expect(() => trust('10.0.0.0/99')).toThrow(/TRUST_PROXY must be a hop count or a list/);
  });
  it('wants a metrics token of at least 16 characters', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least/);
  });
});

describe(`behind a proxy (${engine})`, () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));
  const app = async (env: Record<string, string>) => {
    const t = await createTestApp({ RATE_LIMIT_REQUESTS: '3', ...env });
    apps.push(t);
    return t;
  };

  // A proxy that appends (X-Forwarded-For: <what the client sent>, <the client's address>):
  // the client varies the part it controls on every request.
  const spoofed = (t: TestApp, i: number) =>
    t.app.inject({
      method: 'GET',
      url: countries,
      remoteAddress: '127.0.0.1',
      headers: { ...read, 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
    });

  for (const setting of ['1', '127.0.0.1', '127.0.0.0/8,10.0.0.0/8']) {
    it(`rate-limits a client that varies X-Forwarded-For (TRUST_PROXY=${setting})`, async () => {
      const t = await app({ TRUST_PROXY: setting });
      const statuses = [];
      for (let i = 1; i <= 5; i++) statuses.push((await spoofed(t, i)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    });
  }

  it('takes the client from the nearest untrusted hop, not the leftmost entry', async () => {
    const t = await app({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' });
    // Through two trusted proxies (10.1.2.3, then us at 127.0.0.1): the client is 203.0.113.x.
    const from = (client: string, spoof: string) =>
      t.app.inject({
        method: 'GET',
        url: countries,
        remoteAddress: '127.0.0.1',
        headers: { ...read, 'x-forwarded-for': `${spoof}, ${client}, 10.1.2.3` },
      });
    const distinct = [];
    for (let i = 1; i <= 4; i++)
      distinct.push((await from(`203.0.113.${i}`, '1.1.1.1')).statusCode);
    expect(distinct).toEqual([200, 200, 200, 200]);
    const one = [];
    for (let i = 1; i <= 4; i++) one.push((await from('203.0.113.99', `1.1.1.${i}`)).statusCode);
    expect(one).toEqual([200, 200, 200, 429]);
  });

  it('gives HSTS and __Host- cookies over HTTPS from a trusted proxy only', async () => {
    const trusted = await app({ TRUST_PROXY: '1' });
    const viaProxy = await trusted.app.inject({
      url: countries,
      headers: { ...read, 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(String(viaProxy.headers['set-cookie'])).toMatch(/^__Host-XSRF-TOKEN=.*; Secure/);

    const direct = await app({});
    const fromClient = await direct.app.inject({
      url: countries,
      headers: { ...read, 'x-forwarded-proto': 'https' },
    });
    expect(fromClient.headers['strict-transport-security']).toBeUndefined();
    expect(String(fromClient.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    expect(String(fromClient.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('reuses a sane X-Request-Id from a trusted proxy and makes one otherwise', async () => {
    const trusted = await app({ TRUST_PROXY: '127.0.0.1' });
    const direct = await app({});
    const ask = (t: TestApp, id: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({ url: listing, remoteAddress, headers: { ...read, 'x-request-id': id } });

    expect((await ask(trusted, 'nginx-7f3a.1:2')).headers['x-request-id']).toBe('nginx-7f3a.1:2');
    expect((await ask(trusted, 'a b')).headers['x-request-id']).toMatch(UUID);
    expect((await ask(trusted, 'x'.repeat(129))).headers['x-request-id']).toMatch(UUID);
    expect((await ask(trusted, 'from-elsewhere', '192.0.2.1')).headers['x-request-id']).toMatch(
      UUID,
    );
    expect((await ask(direct, 'chosen-by-client')).headers['x-request-id']).toMatch(UUID);
  });

  it('puts the request id in problem details and on every answer', async () => {
    const t = await app({});
    const problem = await t.app.inject({ url: '/api/nothing-here', headers: read });
    expect(problem.statusCode).toBe(404);
    expect(problem.json().requestId).toBe(problem.headers['x-request-id']);
    const refused = await t.app.inject({ url: listing });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().requestId).toBe(refused.headers['x-request-id']);
    const page = await t.app.inject({ url: '/no-such-page' });
    expect(page.headers['x-request-id']).toMatch(UUID);
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.headers['x-request-id']).toMatch(UUID);
  });
});

describe(`compression (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { seedDemoData: true });
  });
  afterAll(() => t.close());

  it('compresses answers over 1 KiB by Accept-Encoding, brotli first', async () => {
    const plain = await t.app.inject({ url: '/sitemap.xml' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await t.app.inject({
      url: listing,
      headers: { ...read, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toBeInstanceOf(Array);
  });

  it('sends small answers as they are', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('names Accept-Encoding in Vary once, compressed or not, so caches keep each form', async () => {
    const small = await t.app.inject({ url: '/healthz' });
    expect(small.headers.vary).toBe('accept-encoding');
    const br = await t.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'br' } });
    expect(br.headers.vary).toBe('accept-encoding');
  });
});

describe(`GET /metrics (${engine})`, () => {
  const token = 'metrics-token-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(() => t.close());
  const scrape = () =>
    t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });

  it('needs the metrics token: 401 wrong, 404 when METRICS_TOKEN is unset', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-metrics-token' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/Bearer/);
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('counts requests by route pattern and status, applications by outcome, and the process', async () => {
    const jobId = await createOpening(t, 'MET-1');
    await t.app.inject({ url: listing, headers: read });
    await t.app.inject({
      url: `/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpeningsDetail&jobID=${jobId}`,
      headers: read,
    });
    expect((await postApplication(t, jobId, applicationPayload())).statusCode).toBe(201);
    expect((await postApplication(t, jobId, applicationPayload())).statusCode).toBe(200);
    expect(
      (await postApplication(t, jobId, applicationPayload({ Email: 'nope' }))).statusCode,
    ).toBe(400);
    expect((await postApplication(t, 999_999, applicationPayload())).statusCode).toBe(404);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parsePrometheusText(res.body);
    const value = (name: string, labels: Record<string, string> = {}) =>
      samples
        .filter((s) => s.name === name)
        .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        .reduce((sum, s) => sum + s.value, 0);

    const route = '/api/Jobs/CareerDetailsRetrival';
    expect(value('http_request_duration_seconds_count', { route, status_code: '200' })).toBe(2);
    expect(value('http_request_duration_seconds_bucket', { route, le: '+Inf' })).toBe(2);
    // The pattern, never the raw URL with its query.
    expect(samples.some((s) => (s.labels.route ?? '').includes('?'))).toBe(false);
    expect(value('lumenfield_applications_accepted_total', { kind: 'new' })).toBe(1);
    expect(value('lumenfield_applications_accepted_total', { kind: 'duplicate' })).toBe(1);
    expect(value('lumenfield_applications_refused_total', { reason: 'invalid' })).toBe(1);
    expect(
      value('lumenfield_applications_refused_total', { reason: 'opening_closed_or_unknown' }),
    ).toBe(1);
    expect(value('lumenfield_db_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    // The one new application queued its confirmation and its notice; no sender ran.
    expect(value('lumenfield_mail_queue', { status: 'pending' })).toBe(2);
    expect(value('lumenfield_mail_queue', { status: 'failed' })).toBe(0);
    expect(value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });
});

describe('log redaction', () => {
  it('replaces credentials, session ids and resume bytes in whatever a line carries', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        ...(loggerOptions('info') as object),
        stream: { write: (line: string) => lines.push(line) },
      },
    });
    app.log.info(
      {
        req: { headers: { authorization: 'Bearer s3cret-admin', cookie: 'sid=s3cret-session' } },
        res: { headers: { 'set-cookie': 'sid=s3cret-session; HttpOnly' } },
        body: {
          newPassword: 's3cret-password',
          AttachmentHeader: {
            AttachmentDetails: [{ FileName: 'cv.pdf', FileContent: 'JVBERi0xLjQKs3cret' }],
          },
        },
        account: { password: 's3cret-password', sessionId: 's3cret-session', token: 's3cret-t' },
        // By name, in any letter case, however deep.
        context: { upstream: { request: { Headers: { Authorization: 'Bearer s3cret-deep' } } } },
      },
      'everything at once',
    );
    await app.close();
    const text = lines.join('');
    expect(text).toContain('everything at once');
    expect(text).toContain('cv.pdf');
    expect(text).toContain('[redacted]');
    expect(text).not.toMatch(/s3cret/);
  });
});
