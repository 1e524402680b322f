import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_HEADER_NAME, FIXED_HEADER_VALUE } from '@lumenfield/contract';
import { PERMISSIONS_POLICY, REFERRER_POLICY } from '../plugins/security-headers';
import { adminHeaders, createOpening } from '../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { caseFor, createFixtures, routeCases, type RouteCase } from './route-cases';

type Headers = Record<string, string | string[] | number | undefined>;

function expectSecurityHeaders(headers: Headers, what: string) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  expect(lower['x-content-type-options'], what).toBe('nosniff');
  expect(lower['referrer-policy'], what).toBe(REFERRER_POLICY);
  expect(lower['x-request-id'], what).toMatch(/^[\w.:-]{1,128}$/);
  if (String(lower['content-type'] ?? '').startsWith('text/html')) {
    expect(lower['content-security-policy'], what).toContain("default-src 'self'");
    expect(lower['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
  }
}

/** Sends raw bytes to a listening server and reads the whole answer (Node's parser sees them). */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe(`security: headers on every answer, errors included (${engine})`, () => {
  let t: TestApp;
  let port: number;
  let cases: Record<string, RouteCase>;
  let closedJobId: number;
  beforeAll(async () => {
    t = await createTestApp(
      { RATE_LIMIT_REQUESTS: '100000', METRICS_TOKEN: 'test-metrics-token-0123456789' },
      { pages: true },
    );
    cases = routeCases(await createFixtures(t));
    closedJobId = await createOpening(t, 'SEC-CLOSED', false);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('every route answers with nosniff and Referrer-Policy; HTML also with CSP and Permissions-Policy', async () => {
    for (const route of t.app.routeTable) {
      const routeCase = caseFor(cases, route.method === 'HEAD' ? 'GET' : route.method, route.url);
      if (!routeCase) throw new Error(`no case for ${route.method} ${route.url}`);
      const res = await t.app.inject({ method: route.method as 'GET', url: routeCase.url });
      expectSecurityHeaders(res.headers, `${route.method} ${route.url}`);
    }
  });

  it('error answers carry them too: 400, 401, 403, 404 (API and page), 410, 413, 415, 429', async () => {
    const json = { 'content-type': 'application/json' };
    const fixed = { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE };
    const answers = {
      400: await t.app.inject({
        url: '/api/Jobs/CareerDetailsRetrival?ActionFlag=Nope&jobID=0',
        headers: fixed,
      }),
      401: await t.app.inject({ url: '/api/admin/jobs' }),
      403: await t.app.inject({ url: '/api/Jobs/GetStatesByCountry?CountryID=356' }),
      '404 api': await t.app.inject({ url: '/api/nothing-here', headers: fixed }),
      '404 page': await t.app.inject({ url: '/no/such/page' }),
      410: await t.app.inject({ url: `/careers/jobs/${closedJobId}` }),
      413: await t.app.inject({
        method: 'POST',
        url: '/api/admin/jobs',
        headers: { ...adminHeaders(t), ...json },
        payload: JSON.stringify({ JobTitle: 'x'.repeat(1_100_000) }),
      }),
      415: await t.app.inject({
        method: 'POST',
        url: '/api/admin/jobs',
        headers: { ...adminHeaders(t), 'content-type': 'text/x-nothing' },
        payload: 'x',
      }),
    };
    for (const [status, res] of Object.entries(answers)) {
      expect(res.statusCode, status).toBe(Number(status.split(' ')[0]));
      expectSecurityHeaders(res.headers, status);
    }
    const limited = await createTestApp({ RATE_LIMIT_REQUESTS: '1' });
    try {
      await limited.app.inject({ url: '/api/openapi.json' });
      const res = await limited.app.inject({ url: '/api/openapi.json' });
      expect(res.statusCode).toBe(429);
      expectSecurityHeaders(res.headers, '429');
    } finally {
      await limited.close();
    }
  });

  it('a URL that does not decode is a problem document that does not echo it', async () => {
    for (const url of ['/%c0', '/api/%c0', '/%E0%A4%A']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expectSecurityHeaders(res.headers, url);
      expect(res.body).not.toContain('%');
      expect(res.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    }
  });

  it('headers too large (431) and a request line that does not parse (400) are answered with the headers, on the raw socket', async () => {
    const big = parseRaw(
      await raw(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(big.status).toBe(431);
    expectSecurityHeaders(big.headers, '431');
    expect(JSON.parse(big.body)).toMatchObject({ status: 431 });

    const method = parseRaw(await raw(port, 'FOO /%c0 HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(method.status).toBe(400);
    expectSecurityHeaders(method.headers, 'unknown method');
    expect(method.body).not.toContain('%c0');
  });
});
