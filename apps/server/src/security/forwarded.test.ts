import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpening } from '../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../test/test-app';

const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const sitemapFirst = (xml: string) => /<loc>([^<]*)<\/loc>/.exec(xml)?.[1];

describe(`security: forwarded host and scheme (${engine})`, () => {
  let direct: TestApp;
  let proxied: TestApp;
  let jobId: number;
  beforeAll(async () => {
    direct = await createTestApp({}, { pages: true });
    proxied = await createTestApp({ TRUST_PROXY: '1' }, { pages: true });
    jobId = await createOpening(direct, 'FWD-1');
    await createOpening(proxied, 'FWD-1');
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  const page = (t: TestApp, headers: Record<string, string>) =>
    t.app.inject({
      url: `/careers/jobs/${jobId}`,
      headers: { host: 'www.example.com', ...headers },
    });

  it('without a trusted proxy, forwarded host and scheme are ignored', async () => {
    const res = await page(direct, {
      'x-forwarded-host': 'evil.example.net',
      'x-forwarded-proto': 'https',
    });
    expect(canonical(res.body)).toBe(`http://www.example.com/careers/jobs/${jobId}`);
  });

  it('from a trusted proxy, its host and https scheme are used', async () => {
    const res = await page(proxied, {
      'x-forwarded-host': 'careers.example.org',
      'x-forwarded-proto': 'https',
    });
    expect(canonical(res.body)).toBe(`https://careers.example.org/careers/jobs/${jobId}`);
  });

  it('a scheme other than http or https is never used, even from a trusted proxy', async () => {
    for (const scheme of ['javascript', 'data', 'ftp', 'HTTPS:evil']) {
      const res = await page(proxied, { 'x-forwarded-proto': scheme });
      expect(canonical(res.body), scheme).toBe(`http://www.example.com/careers/jobs/${jobId}`);
      const xml = await proxied.app.inject({
        url: '/sitemap.xml',
        headers: { host: 'www.example.com', 'x-forwarded-proto': scheme },
      });
      expect(sitemapFirst(xml.body), scheme).toBe('http://www.example.com/');
    }
  });

  it('a host that is not a host name is refused, never written into a page', async () => {
    for (const host of ['evil.com/<script>', 'a b', 'x"onload="y', 'evil.com\\@good.com']) {
      const res = await page(proxied, { 'x-forwarded-host': host });
      expect(res.statusCode, host).toBe(400);
      expect(res.body).not.toContain(host);
      const robots = await direct.app.inject({ url: '/robots.txt', headers: { host } });
      expect(robots.statusCode, host).toBe(400);
    }
  });

  it('PUBLIC_URL wins over every header', async () => {
    const t = await createTestApp(
      { TRUST_PROXY: '1', PUBLIC_URL: 'https://www.lumenfield.example' },
      { pages: true },
    );
    try {
      const id = await createOpening(t, 'FWD-2');
      const res = await t.app.inject({
        url: `/careers/jobs/${id}`,
        headers: { 'x-forwarded-host': 'evil.example.net', 'x-forwarded-proto': 'javascript' },
      });
      expect(canonical(res.body)).toBe(`https://www.lumenfield.example/careers/jobs/${id}`);
    } finally {
      await t.close();
    }
  });

  it('a Host or forwarded host with a port out of range is 400 (problem details), never 500, and logs no error', async () => {
    const lines: string[] = [];
    const logged = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await createTestApp(
      { TRUST_PROXY: '1', LOG_LEVEL: 'info' },
      { pages: true, logDestination: logged },
    );
    try {
      const id = await createOpening(t, 'FWD-3');
      const urls = ['/careers', `/careers/jobs/${id}`, '/sitemap.xml', '/robots.txt'];
      for (const port of ['99999', '65536', '0']) {
        for (const url of urls) {
          for (const headers of [
            { host: `a:${port}` },
            { host: 'www.example.com', 'x-forwarded-host': `a:${port}` },
          ]) {
            const res = await t.app.inject({ url, headers });
            expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(400);
            expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
            expect(res.json()).toMatchObject({
              status: 400,
              detail: 'The Host header is not valid.',
            });
          }
        }
      }
      // The highest port is a port.
      const highest = await t.app.inject({ url: '/careers', headers: { host: 'a:65535' } });
      expect(highest.statusCode).toBe(200);
      const levels = lines.map((line) => (JSON.parse(line) as { level: number }).level);
      expect(levels.length).toBeGreaterThan(0);
      expect(levels.filter((level) => level >= 50)).toEqual([]);
      expect(lines.join('\n')).not.toMatch(/"stack"|Invalid URL/);
    } finally {
      await t.close();
    }
  });

  it('with PUBLIC_URL set, a forwarded host that is not a host name is refused all the same', async () => {
    const t = await createTestApp(
      { TRUST_PROXY: '1', PUBLIC_URL: 'https://www.lumenfield.example' },
      { pages: true },
    );
    try {
      const id = await createOpening(t, 'FWD-4');
      for (const host of ['evil.com/<script>', 'a b', 'x"onload="y', 'a:99999']) {
        for (const url of [`/careers/jobs/${id}`, '/sitemap.xml']) {
          const res = await t.app.inject({
            url,
            headers: { host: 'www.example.com', 'x-forwarded-host': host },
          });
          expect(res.statusCode, `${url} ${host}`).toBe(400);
          expect(res.body).not.toContain(host);
        }
        const direct = await t.app.inject({ url: '/robots.txt', headers: { host } });
        expect(direct.statusCode, host).toBe(400);
      }
      // A host name from the proxy is fine; the links still use PUBLIC_URL.
      const res = await t.app.inject({
        url: `/careers/jobs/${id}`,
        headers: { host: 'www.example.com', 'x-forwarded-host': 'careers.example.org' },
      });
      expect(res.statusCode).toBe(200);
      expect(canonical(res.body)).toBe(`https://www.lumenfield.example/careers/jobs/${id}`);
    } finally {
      await t.close();
    }
  });
});
