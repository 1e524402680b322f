import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
  XSRF_HOST_COOKIE_NAME,
} from '@lumenfield/contract';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import {
  KNOWN_TOKENS_MAX,
  XSRF_MAX_AGE_MS,
  XSRF_REFRESH_AFTER_MS,
  isValidXsrfToken,
  mintXsrfToken,
} from './xsrf';

const HOUR = 60 * 60 * 1000;
const listing = '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0';
const apply = '/api/Jobs/SaveApplicantDetail?jobID=1';

describe(`XSRF cookie and token (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a TLS-terminating proxy: X-Forwarded-Proto tells the app the visitor used HTTPS.
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  const read = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: listing,
      headers: { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE, ...headers },
    });
  // An empty body passes the guard and fails validation: 400 means the token was accepted.
  const write = (cookieName: string, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: apply,
      headers: {
        [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE,
        'content-type': 'application/json',
        cookie: `${cookieName}=${token}`,
        [XSRF_HEADER_NAME]: token,
        ...headers,
      },
      payload: '{}',
    });
  const https = { 'x-forwarded-proto': 'https' };

  it('over HTTPS sets a Secure, host-only __Host-XSRF-TOKEN cookie, readable by the page', async () => {
    const res = await read(https);
    expect(res.cookies.map((c) => c.name)).toEqual([XSRF_HOST_COOKIE_NAME]);
    const cookie = res.cookies[0]!;
    expect(cookie.secure).toBe(true);
    expect(cookie.path).toBe('/');
    expect(cookie.domain).toBeUndefined();
    expect(cookie.httpOnly).toBeFalsy();
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.maxAge).toBe(XSRF_MAX_AGE_MS / 1000);
    expect(isValidXsrfToken(t.cookieSecret, cookie.value)).toBe(true);
  });

  it('over plain HTTP keeps the contract name XSRF-TOKEN, not Secure', async () => {
    const res = await read();
    expect(res.cookies.map((c) => c.name)).toEqual([XSRF_COOKIE_NAME]);
    expect(res.cookies[0]!.secure).toBeFalsy();
  });

  it('over HTTPS accepts only the __Host- cookie: a plain XSRF-TOKEN may have been planted', async () => {
    const token = mintXsrfToken(t.cookieSecret);
    expect((await write(XSRF_HOST_COOKIE_NAME, token, https)).statusCode).toBe(400);
    const planted = await write(XSRF_COOKIE_NAME, token, https);
    expect(planted.statusCode).toBe(403);
    expect(planted.headers['content-type']).toContain('application/problem+json');
    // And over plain HTTP the __Host- cookie means nothing.
    expect((await write(XSRF_HOST_COOKIE_NAME, token)).statusCode).toBe(403);
    expect((await write(XSRF_COOKIE_NAME, token)).statusCode).toBe(400);
  });

  it('binds the token to its secret: one signed with another secret is refused', async () => {
    const foreign = mintXsrfToken('another-secret-entirely-0123456789abcdef');
    expect((await write(XSRF_COOKIE_NAME, foreign)).statusCode).toBe(403);
    expect((await write(XSRF_HOST_COOKIE_NAME, foreign, https)).statusCode).toBe(403);
    // The same nonce and time re-signed by us is fine: only the MAC was wrong.
    const [issued, nonce] = foreign.split('.');
    const [, , ours] = mintXsrfToken(t.cookieSecret).split('.');
    expect((await write(XSRF_COOKIE_NAME, `${issued}.${nonce}.${ours}`)).statusCode).toBe(403);
  });

  it('refuses a tampered issue time (the MAC covers it)', async () => {
    const [, nonce, mac] = mintXsrfToken(t.cookieSecret).split('.');
    const later = (Date.now() + HOUR).toString(36);
    expect((await write(XSRF_COOKIE_NAME, `${later}.${nonce}.${mac}`)).statusCode).toBe(403);
  });

  it('refuses a token older than the maximum age, and one issued in the future', async () => {
    const old = mintXsrfToken(t.cookieSecret, Date.now() - XSRF_MAX_AGE_MS - 60_000);
    const res = await write(XSRF_COOKIE_NAME, old);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, title: 'Forbidden' });
    const justInTime = mintXsrfToken(t.cookieSecret, Date.now() - XSRF_MAX_AGE_MS + 60_000);
    expect((await write(XSRF_COOKIE_NAME, justInTime)).statusCode).toBe(400);
    const future = mintXsrfToken(t.cookieSecret, Date.now() + 2 * HOUR);
    expect((await write(XSRF_COOKIE_NAME, future)).statusCode).toBe(403);
  });

  it('rotates: a read replaces a token older than the refresh age, keeps a young one', async () => {
    const young = mintXsrfToken(t.cookieSecret, Date.now() - 60_000);
    expect((await read({ cookie: `${XSRF_COOKIE_NAME}=${young}` })).cookies).toEqual([]);

    const aging = mintXsrfToken(t.cookieSecret, Date.now() - XSRF_REFRESH_AFTER_MS - 60_000);
    const refreshed = await read({ cookie: `${XSRF_COOKIE_NAME}=${aging}` });
    const fresh = refreshed.cookies.find((c) => c.name === XSRF_COOKIE_NAME)?.value;
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(aging);
    expect(isValidXsrfToken(t.cookieSecret, fresh)).toBe(true);

    const expired = mintXsrfToken(t.cookieSecret, Date.now() - XSRF_MAX_AGE_MS - 60_000);
    const replaced = await read({ cookie: `${XSRF_COOKIE_NAME}=${expired}` });
    expect(replaced.cookies.find((c) => c.name === XSRF_COOKIE_NAME)?.value).not.toBe(expired);
  });

  it('mints a different token every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => mintXsrfToken(t.cookieSecret)));
    expect(tokens.size).toBe(50);
  });

  it('refuses malformed tokens of every shape without an error', async () => {
    const good = mintXsrfToken(t.cookieSecret);
    for (const bad of [
      '',
      '.',
      '..',
      'a.b',
      `${good}.extra`,
      good.replace(/\./g, ''),
      `ZZZZZZZZZZZZ.${good.split('.').slice(1).join('.')}`,
      'x'.repeat(5000),
    ]) {
      const res = await write(XSRF_COOKIE_NAME, encodeURIComponent(bad));
      expect(res.statusCode, bad.slice(0, 40)).toBe(403);
    }
  });
});

describe('XSRF tokens a node has already checked', () => {
  const secret = 'remembered-secret-0123456789abcdef0123456789';
  const other = 'another-secret-0123456789abcdef0123456789abc';

  it('holds a checked token only under its own secret, and only that exact string', () => {
    const token = mintXsrfToken(secret);
    expect(isValidXsrfToken(secret, token)).toBe(true);
    expect(isValidXsrfToken(other, token)).toBe(false);
    const [issued, nonce, mac] = token.split('.') as [string, string, string];
    expect(isValidXsrfToken(secret, `${issued}.${nonce}.${mac.slice(0, -1)}A`)).toBe(
      mac.endsWith('A'),
    );
    expect(
      isValidXsrfToken(secret, `${(parseInt(issued, 36) + 1).toString(36)}.${nonce}.${mac}`),
    ).toBe(false);
  });

  it('still checks the age of a token it remembers', () => {
    const old = Date.now() - XSRF_MAX_AGE_MS - HOUR;
    const token = mintXsrfToken(secret, old);
    expect(isValidXsrfToken(secret, token, old)).toBe(true);
    expect(isValidXsrfToken(secret, token)).toBe(false);
  });

  it('checks a token in full again once it was forgotten', () => {
    const first = mintXsrfToken(secret);
    expect(isValidXsrfToken(secret, first)).toBe(true);
    for (let n = 0; n < 2 * KNOWN_TOKENS_MAX; n += 1) {
      expect(isValidXsrfToken(secret, mintXsrfToken(secret))).toBe(true);
    }
    expect(isValidXsrfToken(secret, first)).toBe(true);
    expect(isValidXsrfToken(other, first)).toBe(false);
  });
});
