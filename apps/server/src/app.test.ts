import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE_NAME } from '@lumenfield/contract';
import { ConfigError, loadConfig } from './config';
import { createTestApp, engine, type TestApp } from './test/test-app';

/** The configuration `env` is refused with a problem matching `named`, never showing `secret`. */
function expectRefused(env: Record<string, string>, named: RegExp, secret: string) {
  try {
    loadConfig(env);
    expect.unreachable(JSON.stringify(env));
  } catch (error) {
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(named);
    expect(problems).not.toContain(secret);
  }
}

describe(`site routes and the /api guard (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ HR_SITE_URL: 'https://hr.example.org/portal' });
  });
  afterAll(() => t.close());

  it('GET /healthz answers 200 ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /hr redirects to HR_SITE_URL with 302, and nothing else does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/hr' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://hr.example.org/portal');
    const other = await t.app.inject({ method: 'GET', url: '/hr/extra' });
    expect(other.statusCode).toBe(404);
  });

  it('refuses a public /api call without the fixed header, as problem+json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json/../anything' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 403, title: 'Forbidden' });
  });

  it('unknown /api paths are 404 problem documents', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: t.headers() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, type: 'about:blank' });
  });

  it('sets a readable, SameSite=Lax XSRF cookie on a public GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: t.headers() });
    const cookie = res.cookies.find((c) => c.name === XSRF_COOKIE_NAME);
    expect(cookie).toBeDefined();
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('sends a JSON answer the security headers of an answer, not of a document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['permissions-policy']).toBeUndefined();
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: '3.1.0' });
  });
});

describe('configuration', () => {
  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', RATE_LIMIT_REQUESTS: '0' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toMatch(/PORT[\s\S]*DATABASE_URL/);
    }
  });

  it('caps stranger-caused mail per address at 10 a day unless told, and only at a positive number', () => {
    expect(loadConfig({}).mailCapPerAddress).toBe(10);
    expect(loadConfig({ MAIL_CAP_PER_ADDRESS: '3' }).mailCapPerAddress).toBe(3);
    for (const bad of ['0', '-1', 'ten', '2.5']) {
      expect(() => loadConfig({ MAIL_CAP_PER_ADDRESS: bad }), bad).toThrow(/MAIL_CAP_PER_ADDRESS/);
    }
  });

  it('holds one upload per client address by default, at least 10 KB/s after 5 s; each can be set', () => {
    const shipped = loadConfig({});
    expect(shipped.uploadBodiesPerClient).toBe(1);
    expect(shipped.uploadMinRate).toEqual({ bytesPerSecond: 10_240, graceMs: 5_000 });
    const set = loadConfig({
      UPLOAD_BODIES_PER_CLIENT: '4',
      UPLOAD_MIN_BYTES_PER_SECOND: '0',
      UPLOAD_RATE_GRACE_MS: '2000',
    });
    expect(set.uploadBodiesPerClient).toBe(4);
    expect(set.uploadMinRate).toEqual({ bytesPerSecond: 0, graceMs: 2_000 });
    try {
      loadConfig({ UPLOAD_BODIES_PER_CLIENT: '0', UPLOAD_MIN_BYTES_PER_SECOND: 'fast' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toMatch(
        /UPLOAD_BODIES_PER_CLIENT[\s\S]*UPLOAD_MIN_BYTES_PER_SECOND/,
      );
    }
  });

  it('defaults to SQLite with demo openings, and PostgreSQL without', () => {
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }).seedDemoData).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', SEED_DEMO_DATA: 'true' }).seedDemoData,
    ).toBe(true);
  });

  it('reads the replies mailbox settings, and names a bad one without showing its password', () => {
    expect(loadConfig({}).replies).toEqual({ address: undefined, imap: undefined, pollMs: 60_000 });
    const set = loadConfig({
      REPLY_ADDRESS: 'careers@example.com',
      IMAP_URL: 'imaps://careers%40example.com:s%3Acret@imap.example.com/Replies',
      IMAP_POLL_MS: '30000',
    }).replies;
    expect(set).toEqual({
      address: 'careers@example.com',
      imap: {
        host: 'imap.example.com',
        port: 993,
        secure: true,
        user: 'careers@example.com',
        password: 's:cret',
        mailbox: 'Replies',
      },
      pollMs: 30_000,
    });
    expect(
      loadConfig({ REPLY_ADDRESS: 'a@example.com', IMAP_URL: 'imap://u:p@localhost' }).replies.imap,
    ).toMatchObject({ port: 143, secure: false, mailbox: 'INBOX' });
    for (const [env, named] of [
      [{ REPLY_ADDRESS: 'careers+x@example.com' }, /REPLY_ADDRESS must be a plain address/],
      [{ REPLY_ADDRESS: 'careers' }, /REPLY_ADDRESS/],
      [{ REPLY_ADDRESS: 'a@example.com', IMAP_URL: 'imap://host/INBOX' }, /IMAP_URL must be/],
      [{ REPLY_ADDRESS: 'a@example.com', IMAP_URL: 'https://u:p@host' }, /IMAP_URL must be/],
      [{ IMAP_URL: 'imap://u:p@host' }, /IMAP_URL needs REPLY_ADDRESS/],
      [{ IMAP_POLL_MS: 'often' }, /IMAP_POLL_MS/],
    ] as const) {
      expectRefused(env, named, 'p@host');
    }
  });
  it('reads single sign-on: the three OIDC settings together, PUBLIC_URL, https but locally', () => {
    expect(loadConfig({}).singleSignOn).toBeUndefined();
    const sso = {
      PUBLIC_URL: 'https://www.example.com/',
      OIDC_ISSUER: 'https://company.okta.com',
      OIDC_CLIENT_ID: 'console',
      OIDC_CLIENT_SECRET: 'sso-secret-value',
    };
    expect(loadConfig({ ...sso, OIDC_CREATE_ROLE: 'interviewer' }).singleSignOn).toEqual({
      issuer: 'https://company.okta.com',
      clientId: 'console',
      clientSecret: 'sso-secret-value',
      redirectUri: 'https://www.example.com/api/recruiters/sso/callback',
      signedOutUri: 'https://www.example.com/recruiters/sign-in',
      button: 'Sign in with single sign-on',
      createRole: 'interviewer',
      emailVerifiedClaim: 'email_verified',
    });
    expect(
      loadConfig({ ...sso, OIDC_EMAIL_VERIFIED_CLAIM: 'xms_edov' }).singleSignOn
        ?.emailVerifiedClaim,
    ).toBe('xms_edov');
    expect(loadConfig({ ...sso, OIDC_ISSUER: 'http://127.0.0.1:8080' }).singleSignOn?.issuer).toBe(
      'http://127.0.0.1:8080',
    );
    for (const [env, named] of [
      [{ ...sso, OIDC_ISSUER: 'http://idp.example.com' }, /OIDC_ISSUER must be an https URL/],
      [{ ...sso, OIDC_CLIENT_SECRET: '' }, /set together/],
      [{ ...sso, PUBLIC_URL: '' }, /OIDC_ISSUER needs PUBLIC_URL/],
      [{ ...sso, OIDC_CREATE_ROLE: 'owner' }, /OIDC_CREATE_ROLE/],
      [{ ...sso, OIDC_EMAIL_VERIFIED_CLAIM: 'a b' }, /OIDC_EMAIL_VERIFIED_CLAIM/],
    ] as const) {
      expectRefused(env, named, 'sso-secret-value');
    }
  });
});
