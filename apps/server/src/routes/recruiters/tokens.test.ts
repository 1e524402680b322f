import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_PREFIX,
  MAX_API_TOKENS,
  type ApiToken,
  type ApiTokenCreated,
  type AuditPage,
  type ConsoleApplicant,
  type StageMove,
  type ConsoleApplicantPage,
} from '@lumenfield/contract';
import { BEARER_FAILURES_PER_MINUTE } from '../../plugins/api-guard';
import { applicationPayload, createOpening, postApplication } from '../../test/legacy/application';
import { consoleHeaders, createUser, openSession, PASSWORD } from '../../test/console';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

/** The app's one clock, moved by the tests (last use is written at most once a minute). */
let now = Date.parse('2026-11-02T09:00:00Z');
const clock = () => new Date(now);

let clients = 0;
/** A client address of its own, so failed tokens counted for one never touch another. */
const newClient = () => `10.88.${Math.floor(++clients / 250)}.${clients % 250}`;

describe(`personal API tokens (${engine})`, () => {
  let t: TestApp;
  let applicantId: number;
  beforeAll(async () => {
    t = await createTestApp({}, { now: clock });
    const jobId = await createOpening(t, 'TOK-1');
    await postApplication(t, jobId, applicationPayload({ Email: 'tokens@example.com' }));
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${jobId}/applicants`,
      headers: { authorization: `Bearer ${t.config.adminToken ?? ''}` },
    });
    applicantId = (list.json() as { ApplicantID: number }[])[0]!.ApplicantID;
  });
  afterAll(() => t.close());

  const create = (session: string, name: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/recruiters/tokens',
      headers: { ...consoleHeaders(t, session, 'write'), 'content-type': 'application/json' },
      payload: JSON.stringify({ name }),
    });
  const list = async (session: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/recruiters/tokens',
      headers: consoleHeaders(t, session),
    });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const revoke = (session: string, id: number) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/recruiters/tokens/${id}`,
      headers: consoleHeaders(t, session, 'write'),
    });
  /** A call with the token alone: no cookie, no fixed header, no XSRF echo. */
  const bearer = (
    secret: string,
    method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    remoteAddress = newClient(),
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress,
      headers: {
        authorization: `Bearer ${secret}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const made = async (session: string, name: string) => {
    const res = await create(session, name);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ApiTokenCreated;
  };

  it('makes a named token whose secret is answered once, listed without it, stored only as its SHA-256', async () => {
    const rita = await createUser(t, 'rita.tokens@example.com', 'recruiter');
    const session = await openSession(t, rita);
    const res = await create(session, '  Nightly export  ');
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, secret } = res.json() as ApiTokenCreated;
    expect(token).toEqual({
      id: expect.any(Number) as number,
      name: 'Nightly export',
      createdOn: clock().toISOString(),
      lastUsedOn: null,
    });
    expect(secret).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));

    const listed = await list(session);
    expect(listed.json()).toEqual([token]);
    expect(listed.body).not.toContain(secret);
    expect(listed.body).not.toContain(secret.slice(API_TOKEN_PREFIX.length, 20));

    const row = await t.db.handle.db
      .selectFrom('apiTokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(crypto.createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(API_TOKEN_PREFIX.length, 20));

    // Someone else's list does not show it.
    const other = await openSession(t, await createUser(t, 'other.tokens@example.com'));
    expect((await list(other)).json()).toEqual([]);
  });

  it('refuses a token without a name, a name over 100 characters, and more than the limit', async () => {
    const session = await openSession(t, await createUser(t, 'limits.tokens@example.com'));
    for (const name of ['', '   ', 'x'.repeat(101), undefined]) {
      const res = await create(session, name);
      expect(res.statusCode, String(name)).toBe(400);
    }
    expect((await create(session, 'x'.repeat(100))).statusCode).toBe(201);
    // Made at once, the tokens past the limit are refused all the same.
    const burst = await Promise.all(
      Array.from({ length: MAX_API_TOKENS + 4 }, (_, i) => create(session, `burst ${i}`)),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_API_TOKENS - 1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect((await list(session)).json()).toHaveLength(MAX_API_TOKENS);
  });

  it("acts as its person with their role, without the page's headers, audited as them; last use is shown", async () => {
    const rita = await createUser(t, 'rita.acts@example.com', 'recruiter', 'Rita Acts');
    const session = await openSession(t, rita);
    const { token, secret } = await made(session, 'Pipeline script');

    now += 5 * 60_000;
    const page = await bearer(secret, 'GET', '/api/recruiters/applicants');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect((page.json() as ConsoleApplicantPage).items.map((a) => a.applicantId)).toContain(
      applicantId,
    );
    // A write, with no XSRF echo: a browser never sends a bearer header on its own.
    const moved = await bearer(secret, 'PUT', `/api/recruiters/applicants/${applicantId}/stage`, {
      stage: 'Screening',
    });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as StageMove).stageHistory[0]).toMatchObject({
      stage: 'Screening',
      changedBy: 'Rita Acts',
    });
    // The resume link it is given works with the token, and for no session.
    const applicant = (
      await bearer(secret, 'GET', `/api/recruiters/applicants/${applicantId}`)
    ).json() as ConsoleApplicant;
    const resume = await bearer(secret, 'GET', applicant.resumeUrl);
    expect(resume.statusCode).toBe(200);
    const admin = await openSession(t, await createUser(t, 'ada.tokens@example.com', 'admin'));
    expect(
      (await t.app.inject({ method: 'GET', url: applicant.resumeUrl, headers: { cookie: admin } }))
        .statusCode,
    ).toBe(404);

    // A recruiter's token is a recruiter: admin routes answer 403.
    expect((await bearer(secret, 'GET', '/api/recruiters/users')).statusCode).toBe(403);
    expect((await bearer(secret, 'GET', '/api/recruiters/audit')).statusCode).toBe(403);
    // Tokens, the session and the password are for a signed-in browser only.
    expect((await bearer(secret, 'GET', '/api/recruiters/tokens')).statusCode).toBe(403);
    expect((await bearer(secret, 'POST', '/api/recruiters/tokens', { name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await bearer(secret, 'GET', '/api/recruiters/session')).statusCode).toBe(403);
    // The recruiters' bearer adapter stays ADMIN_TOKEN's.
    expect((await bearer(secret, 'GET', '/api/admin/jobs')).statusCode).toBe(401);

    const [listed] = (await list(session)).json() as ApiToken[];
    expect(listed).toMatchObject({ id: token.id, lastUsedOn: clock().toISOString() });

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/recruiters/audit?actor=Rita+Acts',
      headers: consoleHeaders(t, admin),
    });
    const entries = (audit.json() as AuditPage).items;
    expect(entries.every((e) => e.actor === 'Rita Acts')).toBe(true);
    expect(entries.map((e) => `${e.action} ${e.target} ${e.detail}`)).toEqual(
      expect.arrayContaining([
        'applicant-stage applicant ' + applicantId + ' New -> Screening',
        `token-call PUT /api/recruiters/applicants/:id/stage ${applicantId} personal token "Pipeline script"`,
        'token-call GET /api/recruiters/applicants personal token "Pipeline script"',
        `token-create token ${token.id} "Pipeline script"`,
      ]),
    );
  });

  it('writes its last use at most once a minute', async () => {
    const session = await openSession(t, await createUser(t, 'touch.tokens@example.com'));
    const { secret } = await made(session, 'Busy');
    const first = new Date(now + 60_000).toISOString();
    now += 60_000;
    await bearer(secret, 'GET', '/api/recruiters/jobs');
    now += 30_000;
    await bearer(secret, 'GET', '/api/recruiters/jobs');
    expect(((await list(session)).json() as ApiToken[])[0]!.lastUsedOn).toBe(first);
    now += 30_000;
    await bearer(secret, 'GET', '/api/recruiters/jobs');
    expect(((await list(session)).json() as ApiToken[])[0]!.lastUsedOn).toBe(clock().toISOString());
  });

  it('a revoked token, or one of a deactivated person, answers 401 at once; a password reset leaves tokens alone', async () => {
    const rita = await createUser(t, 'rita.revokes@example.com');
    const session = await openSession(t, rita);
    const kept = await made(session, 'Kept');
    const dropped = await made(session, 'Dropped');
    expect((await bearer(dropped.secret, 'GET', '/api/recruiters/jobs')).statusCode).toBe(200);

    // Another person cannot revoke it.
    const other = await openSession(t, await createUser(t, 'other.revokes@example.com'));
    expect((await revoke(other, dropped.token.id)).statusCode).toBe(404);
    expect((await revoke(session, dropped.token.id)).statusCode).toBe(204);
    const refused = await bearer(dropped.secret, 'GET', '/api/recruiters/jobs');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="console"');
    expect((await list(session)).json()).toEqual([kept.token]);
    expect((await revoke(session, dropped.token.id)).statusCode).toBe(404);

    const admin = await openSession(t, await createUser(t, 'ada.revokes@example.com', 'admin'));
    const patch = (body: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/recruiters/users/${rita.id}`,
        headers: { ...consoleHeaders(t, admin, 'write'), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect((await patch({ password: 'seven quiet lanterns over the harbour 9' })).statusCode).toBe(
      200,
    );
    expect((await bearer(kept.secret, 'GET', '/api/recruiters/jobs')).statusCode).toBe(200);

    expect((await patch({ isActive: false })).statusCode).toBe(200);
    expect((await bearer(kept.secret, 'GET', '/api/recruiters/jobs')).statusCode).toBe(401);
    // Reactivated, the person's old tokens stay dead.
    expect((await patch({ isActive: true })).statusCode).toBe(200);
    expect((await bearer(kept.secret, 'GET', '/api/recruiters/jobs')).statusCode).toBe(401);

    // A token of a person deactivated by any other way is refused all the same.
    const fresh = await made(await openSession(t, rita), 'Fresh');
    await t.app.repos.users.update(rita.id, { isActive: false });
    expect((await bearer(fresh.secret, 'GET', '/api/recruiters/jobs')).statusCode).toBe(401);
  });

  it("an admin's token makes, changes and deactivates no account and sets no password (403); nothing changes", async () => {
    const ada = await createUser(t, 'ada.door@example.com', 'admin', 'Ada Door');
    const rita = await createUser(t, 'rita.door@example.com', 'recruiter', 'Rita Door');
    const adaSession = await openSession(t, ada);
    const ritaSession = await openSession(t, rita);
    const { secret } = await made(adaSession, 'Automation');
    const newPassword = 'seven quiet lanterns over the harbour 9';
    const refused = [
      await bearer(secret, 'POST', '/api/recruiters/users', {
        email: 'mallory.door@example.com',
        name: 'Mallory Door',
        role: 'admin',
        password: newPassword,
      }),
      await bearer(secret, 'PATCH', `/api/recruiters/users/${ada.id}`, { password: newPassword }),
      await bearer(secret, 'PATCH', `/api/recruiters/users/${rita.id}`, { password: newPassword }),
      await bearer(secret, 'PATCH', `/api/recruiters/users/${rita.id}`, { role: 'admin' }),
      await bearer(secret, 'PATCH', `/api/recruiters/users/${rita.id}`, { isActive: false }),
      await bearer(secret, 'GET', '/api/recruiters/users'),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual(Array(refused.length).fill(403));
    expect(await t.app.repos.users.findForSignIn('mallory.door@example.com')).toBeUndefined();
    const signIn = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/recruiters/session',
        remoteAddress: newClient(),
        headers: { ...t.headers('write'), 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password }),
      });
    expect((await signIn('mallory.door@example.com', newPassword)).statusCode).toBe(401);
    // Both keep their passwords, roles and sessions.
    expect((await signIn(ada.email, newPassword)).statusCode).toBe(401);
    expect((await signIn(rita.email, newPassword)).statusCode).toBe(401);
    expect((await signIn(rita.email, PASSWORD)).statusCode).toBe(200);
    for (const session of [adaSession, ritaSession]) {
      const who = await t.app.inject({
        method: 'GET',
        url: '/api/recruiters/session',
        headers: consoleHeaders(t, session),
      });
      expect(who.statusCode).toBe(200);
    }
    expect(await t.app.repos.users.findById(rita.id)).toMatchObject({
      role: 'recruiter',
      isActive: true,
    });
  });

  it(`counts wrong tokens against the failed-bearer limit: ${BEARER_FAILURES_PER_MINUTE} a minute, then 429 even for a good one`, async () => {
    const session = await openSession(t, await createUser(t, 'throttle.tokens@example.com'));
    const { secret } = await made(session, 'Throttled');
    const client = newClient();
    const wrong = await Promise.all(
      Array.from({ length: BEARER_FAILURES_PER_MINUTE + 5 }, (_, i) =>
        bearer(`${API_TOKEN_PREFIX}wrong-${i}`, 'GET', '/api/recruiters/jobs', undefined, client),
      ),
    );
    const statuses = wrong.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(BEARER_FAILURES_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const good = await bearer(secret, 'GET', '/api/recruiters/jobs', undefined, client);
    expect(good.statusCode).toBe(429);
    expect(Number(good.headers['retry-after'])).toBeGreaterThan(0);
    // The failures of one client are its own.
    expect((await bearer(secret, 'GET', '/api/recruiters/jobs')).statusCode).toBe(200);
  });
});
