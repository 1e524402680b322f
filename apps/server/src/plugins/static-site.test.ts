import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE_NAME } from '@lumenfield/contract';
import { createTestApp, type TestApp } from '../test/test-app';

const inline = 'window.firstPage = fetch("/prerendered/home.html");';
const html = `<!doctype html><html lang="en"><title>Site</title><script>${inline}</script><script type="module" src="/assets/app-3f9a.js"></script><div id="root"></div></html>`;
const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('the built site', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumenfield-static-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), html);
    fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(html));
    fs.writeFileSync(path.join(dir, 'assets', 'app-3f9a.js'), js);
    fs.writeFileSync(path.join(dir, 'assets', 'app-3f9a.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dir, 'assets', 'app-3f9a.js.gz'), zlib.gzipSync(js));
    t = await createTestApp({ STATIC_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the page revalidated on every visit, with the XSRF cookie and the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // The page's own inline script may run, by its hash; no other inline script may.
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(res.body).toBe(html);
    const cookie = res.cookies.find((c) => c.name === XSRF_COOKIE_NAME);
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(cookie?.path).toBe('/');
  });

  it('does not replace a valid XSRF cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `${XSRF_COOKIE_NAME}=${t.xsrf}` },
    });
    expect(res.cookies.find((c) => c.name === XSRF_COOKIE_NAME)).toBeUndefined();
  });

  it('sends the precompressed page and assets to clients that accept them', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(html);

    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-3f9a.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-3f9a.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a.js' });
    expect(plain.body).toBe(js);
  });

  it('marks hashed assets immutable for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a helpful 404 page for paths that are not the site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/file.html' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Go to the home page');
  });
});
