import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_SIGN_IN_OFF_MESSAGE,
  type AccountSettingsAnswer,
  type SignInOptions,
} from '@lumenfield/contract';
import type { User } from '../../domains/accounts/users-repository';
import {
  consoleGet,
  consoleRequest,
  createUser,
  openSession,
  signIn,
  signInRequest,
} from '../../test/console';
import { TEST_PUBLIC_URL } from '../../test/oidc-provider';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

/** Single sign-on configured (the provider is never asked: these tests sign in by password). */
const SSO_ENV = {
  PUBLIC_URL: TEST_PUBLIC_URL,
  OIDC_ISSUER: 'http://127.0.0.1:9/',
  OIDC_CLIENT_ID: 'console',
  OIDC_CLIENT_SECRET: 'a-client-secret',
};

/** A session as single sign-on leaves it. */
const ssoSession = (t: TestApp, user: User) => openSession(t, user, 'sso');

const works = async (t: TestApp, session: string) =>
  (await consoleGet(t, '/api/recruiters/session', session)).status === 200;

describe(`password sign-in switched off but for a break-glass admin (${engine})`, () => {
  let t: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    t = await createTestApp(SSO_ENV);
    plain = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
  });

  it('cannot be turned off while single sign-on is not configured', async () => {
    const admin = await createUser(plain, 'rules.plain@example.com', 'admin');
    const session = await signIn(plain, admin.email);
    const res = await consoleRequest(plain, session, 'PATCH', '/api/recruiters/account-settings', {
      passwordSignIn: 'break-glass',
      breakGlassUserId: admin.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(/only while single sign-on/);
    const options = await plain.app.inject({
      method: 'GET',
      url: '/api/recruiters/sso',
      headers: plain.headers(),
    });
    expect(options.json<SignInOptions>()).toEqual({ provider: null, passwordSignIn: 'everyone' });
    // Without single sign-on its way out and back do not exist.
    for (const url of ['/api/recruiters/sso/start', '/api/recruiters/sso/callback?code=a']) {
      expect((await plain.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('keeps the break-glass admin, refuses everyone else and ends their password sessions', async () => {
    const keeper = await createUser(t, 'rules.keeper@example.com', 'admin', 'Kee Per');
    const admin = await createUser(t, 'rules.admin@example.com', 'admin', 'Add Min');
    const recruiter = await createUser(t, 'rules.recruiter@example.com');
    const keeperPassword = await signIn(t, keeper.email);
    const adminPassword = await signIn(t, admin.email);
    const recruiterPassword = await signIn(t, recruiter.email);
    const adminSso = await ssoSession(t, admin);
    const recruiterSso = await ssoSession(t, recruiter);
    const patch = (session: string, body: unknown) =>
      consoleRequest(t, session, 'PATCH', '/api/recruiters/account-settings', body);

    // From a password session the admin would sign themselves out: SSO first.
    const fromPassword = await patch(adminPassword, {
      passwordSignIn: 'break-glass',
      breakGlassUserId: keeper.id,
    });
    expect(fromPassword.statusCode).toBe(409);
    expect(fromPassword.json<{ detail: string }>().detail).toMatch(/Sign in with single sign-on/);
    // The break-glass account must be an active admin.
    for (const breakGlassUserId of [recruiter.id, null, 999_999]) {
      const res = await patch(adminSso, { passwordSignIn: 'break-glass', breakGlassUserId });
      expect(res.statusCode).toBe(409);
    }
    expect(
      (
        await consoleRequest(t, recruiterSso, 'PATCH', '/api/recruiters/account-settings', {
          passwordSignIn: 'everyone',
        })
      ).statusCode,
    ).toBe(403);

    const off = await patch(adminSso, {
      passwordSignIn: 'break-glass',
      breakGlassUserId: keeper.id,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<AccountSettingsAnswer>()).toMatchObject({
      passwordSignIn: 'break-glass',
      breakGlassUserId: keeper.id,
      singleSignOn: true,
    });
    // Password sessions ended in the change, but the break-glass admin's; SSO sessions stay.
    expect(await works(t, adminPassword)).toBe(false);
    expect(await works(t, recruiterPassword)).toBe(false);
    expect(await works(t, keeperPassword)).toBe(true);
    expect(await works(t, adminSso)).toBe(true);
    expect(await works(t, recruiterSso)).toBe(true);
    const audit = await t.db.handle.db
      .selectFrom('auditLog')
      .select(['actorUserId', 'detail'])
      .where('action', '=', 'account-settings-update')
      .execute();
    expect(audit).toEqual([
      {
        actorUserId: admin.id,
        detail: `passwordSignIn: break-glass, break-glass admin: user ${keeper.id}, 2 password sessions ended`,
      },
    ]);

    // Everyone but the break-glass admin is refused a password, known or not, right or wrong.
    for (const email of [recruiter.email, admin.email, 'nobody.here@example.com']) {
      const res = await signInRequest(t, email);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ detail: string }>().detail).toBe(PASSWORD_SIGN_IN_OFF_MESSAGE);
    }
    expect((await signInRequest(t, keeper.email)).statusCode).toBe(200);
    expect((await signInRequest(t, keeper.email, 'a wrong password here')).statusCode).toBe(401);
    const refused = await t.db.handle.db
      .selectFrom('auditLog')
      .select('actorUserId')
      .where('action', '=', 'sign-in-failed')
      .where('detail', '=', 'password sign-in is off')
      .orderBy('id')
      .execute();
    expect(refused.map((row) => row.actorUserId)).toEqual([recruiter.id, admin.id, null]);

    const options = await t.app.inject({
      method: 'GET',
      url: '/api/recruiters/sso',
      headers: t.headers(),
    });
    expect(options.json<SignInOptions>()).toEqual({
      provider: { button: 'Sign in with single sign-on' },
      passwordSignIn: 'break-glass',
    });

    // The break-glass admin stays an active admin while the rule holds.
    for (const change of [{ isActive: false }, { role: 'recruiter' }]) {
      const res = await consoleRequest(
        t,
        adminSso,
        'PATCH',
        `/api/recruiters/users/${keeper.id}`,
        change,
      );
      expect(res.statusCode).toBe(409);
    }
    expect((await t.app.repos.users.findById(keeper.id))?.isActive).toBe(true);

    // Back on for everyone: a password signs anyone in again.
    expect((await patch(adminSso, { passwordSignIn: 'everyone' })).statusCode).toBe(200);
    expect((await signInRequest(t, recruiter.email)).statusCode).toBe(200);
  });
});
