import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE_NAME } from '@lumenfield/contract';
import { createTestApp, inlineScripts, type TestApp } from '../test/test-app';
import { inlineHash } from './site-pages';

const html = `<!doctype html><html lang="en"><title>Development page</title><div id="root"></div></html>`;
const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('the built site', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumenfield-static-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), html);
    fs.mkdirSync(path.join(dir, 'server'));
    fs.writeFileSync(path.join(dir, 'server', 'render.mjs'), 'export {};');
    fs.writeFileSync(path.join(dir, 'assets', 'app-3f9a.js'), js);
    fs.writeFileSync(path.join(dir, 'assets', 'app-3f9a.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dir, 'assets', 'app-3f9a.js.gz'), zlib.gzipSync(js));
    t = await createTestApp({ STATIC_DIR: dir }, { pages: true });
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
    // One inline script runs, the one that loads the page's scripts, allowed by its hash; the
    // page's data is a JSON block, which is never executed.
    const [boot, ...others] = inlineScripts(res.body);
    expect(others).toEqual([]);
    expect(res.headers['content-security-policy']).toContain(
      `script-src 'self' 'sha256-${inlineHash(boot!)}';`,
    );
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(res.body).toMatch(/^<!doctype html><html lang="en">/);
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

  it('never sends the development page or the server-side renderer as files', async () => {
    for (const url of ['/index.html', '/server/render.mjs']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('sends the precompressed assets to clients that accept them', async () => {
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

  it("sends a script the site's policy: a worker runs under its script's", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a.js' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toBeUndefined();
  });

  it('marks hashed assets immutable for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a helpful 404 page for paths that are not the site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/file.html' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found');
  });
});
