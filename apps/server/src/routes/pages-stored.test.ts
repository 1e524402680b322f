import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE_NAME } from '@lumenfield/contract';
import { storeAnswer, type StoredAnswer } from '../lib/stored-answer';
import { createTestApp, engine, type TestApp } from '../test/test-app';

const ORIGIN = 'https://www.example.com';

/** An app whose build stored `/about` for ORIGIN; it counts the pages its renderer renders. */
async function appWithStoredAbout(publicUrl: string, stored: StoredAnswer, rendered: string[]) {
  return createTestApp(
    { PUBLIC_URL: publicUrl },
    {
      pages: true,
      sitePages: (pages) => ({
        ...pages,
        renderer: {
          ...pages.renderer,
          renderPage: (url, data) => {
            rendered.push(url);
            return pages.renderer.renderPage(url, data);
          },
        },
        stored: { origin: ORIGIN, pages: { about: stored } },
      }),
    },
  );
}

describe(`prebuilt pages as stored bytes (${engine})`, () => {
  let t: TestApp;
  let stored: StoredAnswer;
  const rendered: string[] = [];

  beforeAll(async () => {
    stored = await storeAnswer(`<!doctype html><h1>About, as the build stored it</h1>`, {
      quality: 11,
    });
    t = await appWithStoredAbout(ORIGIN, stored, rendered);
  });
  afterAll(() => t.close());

  it('sends the build’s bytes for its origin as they are, in the form asked for', async () => {
    const br = await t.app.inject({ url: '/about', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(stored.br)).toBe(true);
    expect(br.headers.etag).toBe(`"${stored.tag}-br"`);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    // The per-request part is a header: the XSRF cookie, made for this client.
    expect(br.cookies.some((c) => c.name === XSRF_COOKIE_NAME)).toBe(true);
    expect(br.headers['content-security-policy']).toMatch(/style-src 'self' 'sha256-/);

    const gzip = await t.app.inject({ url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(stored.gzip)).toBe(true);
    expect(gzip.headers.etag).toBe(`"${stored.tag}-gz"`);

    const plain = await t.app.inject({ url: '/about' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(stored.identity.toString());
    expect(plain.headers.etag).toBe(`"${stored.tag}"`);
    expect(rendered).not.toContain('/about');
  });

  it('answers 304 with no body to an ETag it sent, and 200 to any other', async () => {
    const held = await t.app.inject({
      url: '/about',
      headers: { 'accept-encoding': 'br', 'if-none-match': `"${stored.tag}-br"` },
    });
    expect(held.statusCode).toBe(304);
    expect(held.rawPayload.length).toBe(0);
    expect(held.headers.etag).toBe(`"${stored.tag}-br"`);
    const stale = await t.app.inject({
      url: '/about',
      headers: { 'accept-encoding': 'br', 'if-none-match': '"another"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('makes a page the build did not store once, then sends the same bytes', async () => {
    const first = await t.app.inject({ url: '/awards', headers: { 'accept-encoding': 'br' } });
    const second = await t.app.inject({ url: '/awards', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toContain(
      `<link rel="canonical" href="${ORIGIN}/awards"/>`,
    );
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(rendered.filter((url) => url === '/awards')).toHaveLength(1);
  });
});

describe(`a prebuilt page for another origin than the build's (${engine})`, () => {
  let t: TestApp;
  const rendered: string[] = [];
  beforeAll(async () => {
    const stored = await storeAnswer('<!doctype html><h1>Stored for another origin</h1>');
    t = await appWithStoredAbout('https://careers.example.org', stored, rendered);
  });
  afterAll(() => t.close());

  it('is made for its own origin, never sent with the build’s URLs', async () => {
    const res = await t.app.inject({ url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Stored for another origin');
    expect(res.body).toContain('<link rel="canonical" href="https://careers.example.org/about"/>');
    expect(rendered).toContain('/about');
  });
});
