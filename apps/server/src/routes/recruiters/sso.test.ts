import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleSession, SignInOptions } from '@lumenfield/contract';
import { SESSION_COOKIE_NAME } from '../../plugins/console-sessions';
import { SSO_COOKIE_NAME } from '../../plugins/single-sign-on';
import { consoleGet, consoleRequest, createUser, openSession } from '../../test/console';
import { startTestProvider, TEST_PUBLIC_URL, type TestProvider } from '../../test/oidc-provider';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

/** What a browser that followed one sign-in through the provider brings back. */
interface Finished {
  status: number;
  location: string | undefined;
  /** `name=value` of the console's session cookie, when one was set. */
  session: string | undefined;
}

describe(`single sign-on with an OpenID provider (${engine})`, () => {
  let provider: TestProvider;
  let t: TestApp;
  let creating: TestApp;
  let entra: TestApp;

  beforeAll(async () => {
    provider = await startTestProvider();
    t = await createTestApp(provider.env());
    // A second app on its own database that makes an account for an unknown person.
    creating = await createTestApp(provider.env({ OIDC_CREATE_ROLE: 'interviewer' }));
    // A third that takes Entra's claim of a verified domain, not email_verified.
    entra = await createTestApp(provider.env({ OIDC_EMAIL_VERIFIED_CLAIM: 'xms_edov' }));
  });
  afterAll(async () => {
    await t?.close();
    await creating?.close();
    await entra?.close();
    await provider?.close();
  });

  /** The provider knows `subject` with these claims, and the next login there is theirs. */
  const atProvider = (subject: string, email: string, emailVerified = true) => {
    provider.accounts.set(subject, { email, emailVerified, name: `Person ${subject}` });
    provider.signInAs = subject;
  };

  /** Starts at the console, goes through the provider (the URL there changed by `tamper`). */
  async function signInThroughProvider(
    app: TestApp = t,
    tamper: (url: URL) => void = () => {},
    next?: string,
  ): Promise<Finished> {
    const start = await app.app.inject({
      method: 'GET',
      url: '/api/recruiters/sso/start',
      ...(next === undefined ? {} : { query: { next } }),
    });
    expect(start.statusCode).toBe(302);
    expect(start.headers['cache-control']).toBe('no-store');
    const attempt = start.cookies.find((c) => c.name === SSO_COOKIE_NAME);
    expect(attempt).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const authorization = new URL(String(start.headers.location));
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: provider.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      redirect_uri: `${TEST_PUBLIC_URL}/api/recruiters/sso/callback`,
    });
    tamper(authorization);
    const back = await provider.authorize(authorization.href);
    const callback = await app.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: `${attempt!.name}=${attempt!.value}` },
    });
    const session = callback.cookies.find((c) => c.name === SESSION_COOKIE_NAME && c.value);
    return {
      status: callback.statusCode,
      location: callback.headers.location as string | undefined,
      session: session && `${session.name}=${session.value}`,
    };
  }

  /** The browser went back to the sign-in page with `failure`, without a session. */
  const expectSentBack = (finished: Finished, failure: 'failed' | 'refused') =>
    expect(finished).toEqual({
      status: 302,
      location: `/recruiters/sign-in?sso=${failure}`,
      session: undefined,
    });

  const lastAudit = async (app: TestApp = t) =>
    app.db.handle.db
      .selectFrom('auditLog')
      .select(['action', 'actorUserId', 'detail', 'target'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('tells the sign-in page its button', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/recruiters/sso',
      headers: t.headers(),
    });
    expect(res.json<SignInOptions>()).toEqual({
      provider: { button: 'Sign in with Okta' },
      passwordSignIn: 'everyone',
    });
  });

  it('signs a person in by their verified e-mail, as the app spells it, with an sso session', async () => {
    const person = await createUser(t, 'sso.person@example.com');
    atProvider('sub-person', '  SSO.Person@Example.com');
    const finished = await signInThroughProvider();
    expect(finished).toMatchObject({ status: 302, location: '/recruiters/openings' });
    const me = await consoleGet<ConsoleSession>(t, '/api/recruiters/session', finished.session!);
    expect(me.status).toBe(200);
    expect(me.body.user.userId).toBe(person.id);
    const stored = await t.db.handle.db
      .selectFrom('sessions')
      .select('method')
      .where('userId', '=', person.id)
      .execute();
    expect(stored).toEqual([{ method: 'sso' }]);
    expect(await lastAudit()).toMatchObject({
      action: 'sign-in',
      actorUserId: person.id,
      detail: 'single sign-on',
    });
  });

  it('refuses an answer whose state is not the one this browser started with', async () => {
    await createUser(t, 'sso.state@example.com');
    atProvider('sub-state', 'sso.state@example.com');
    const finished = await signInThroughProvider(t, (url) =>
      url.searchParams.set('state', 'somebody-elses-state'),
    );
    expectSentBack(finished, 'failed');
    expect(await lastAudit()).toMatchObject({
      action: 'sign-in-failed',
      detail: expect.stringMatching(/^single sign-on: .*state/),
    });
  });

  it('refuses an ID token whose nonce is not the one this browser started with', async () => {
    await createUser(t, 'sso.nonce@example.com');
    atProvider('sub-nonce', 'sso.nonce@example.com');
    const finished = await signInThroughProvider(t, (url) =>
      url.searchParams.set('nonce', 'a-replayed-nonce'),
    );
    expectSentBack(finished, 'failed');
    expect(await lastAudit()).toMatchObject({
      action: 'sign-in-failed',
      detail: expect.stringMatching(/^single sign-on: .*nonce/),
    });
  });

  it('refuses a callback with no attempt of this browser behind it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/recruiters/sso/callback?code=abc&state=def',
    });
    // A navigation: no page header needed, and nothing of it kept by a cache.
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.location).toBe('/recruiters/sign-in?sso=failed');
    expect((await lastAudit()).detail).toBe('single sign-on: no sign-in under way in this browser');
  });

  it('refuses an e-mail the provider has not verified, even of an existing account', async () => {
    await createUser(t, 'sso.unverified@example.com');
    atProvider('sub-unverified', 'sso.unverified@example.com', false);
    const finished = await signInThroughProvider();
    expectSentBack(finished, 'refused');
    expect(await lastAudit()).toMatchObject({
      action: 'sign-in-failed',
      actorUserId: null,
      detail: 'single sign-on: the provider did not vouch for an e-mail address',
    });
  });

  it('refuses a deactivated person even when the provider says yes', async () => {
    const gone = await createUser(t, 'sso.gone@example.com');
    await t.app.repos.users.update(gone.id, { isActive: false });
    atProvider('sub-gone', 'sso.gone@example.com');
    const finished = await signInThroughProvider();
    expectSentBack(finished, 'refused');
    expect(await lastAudit()).toMatchObject({
      action: 'sign-in-failed',
      actorUserId: gone.id,
      detail: 'single sign-on: account deactivated',
    });
  });

  it('refuses an unknown person when no role is configured for new accounts', async () => {
    atProvider('sub-stranger', 'sso.stranger@example.com');
    const finished = await signInThroughProvider();
    expectSentBack(finished, 'refused');
    expect(await t.app.repos.users.findForSignIn('sso.stranger@example.com')).toBeUndefined();
    expect((await lastAudit()).detail).toBe('single sign-on: no account for this e-mail address');
  });

  it('makes an account with OIDC_CREATE_ROLE for an unknown person, with no password', async () => {
    atProvider('sub-newcomer', 'sso.newcomer@example.com');
    const finished = await signInThroughProvider(creating);
    expect(finished).toMatchObject({ status: 302, location: '/recruiters/openings' });
    const me = await consoleGet<ConsoleSession>(
      creating,
      '/api/recruiters/session',
      finished.session!,
    );
    expect(me.body.user).toMatchObject({
      email: 'sso.newcomer@example.com',
      name: 'Person sub-newcomer',
      role: 'interviewer',
    });
    const rows = await creating.db.handle.db
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('actorUserId', '=', me.body.user.userId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'user-create', detail: 'made at first single sign-on, role interviewer' },
      { action: 'sign-in', detail: 'single sign-on' },
    ]);
    // No password opens the account made so: the one answer of a wrong password.
    const password = await creating.app.inject({
      method: 'POST',
      url: '/api/recruiters/session',
      headers: { ...creating.headers('write'), 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'sso.newcomer@example.com', password: 'none' }),
    });
    expect(password.statusCode).toBe(401);
  });

  it('comes back to the console page the person was sent to sign in from, and only to one', async () => {
    await createUser(t, 'sso.returning@example.com');
    atProvider('sub-returning', 'sso.returning@example.com');
    const page = '/recruiters/applicants/42?tab=notes';
    expect(await signInThroughProvider(t, undefined, page)).toMatchObject({ location: page });
    // Anywhere else is the openings list: no open redirect through the provider's round trip.
    for (const elsewhere of [
      'https://evil.example/recruiters',
      '//evil.example/recruiters',
      '/careers',
      '/recruiters/sign-in?next=/recruiters',
    ]) {
      expect(await signInThroughProvider(t, undefined, elsewhere), elsewhere).toMatchObject({
        location: '/recruiters/openings',
      });
    }
  });
  it("signs out of the console, then sends the browser to the provider's sign-out", async () => {
    const leaving = await createUser(t, 'sso.leaving@example.com');
    atProvider('sub-leaving', 'sso.leaving@example.com');
    const { session } = await signInThroughProvider();
    const out = await consoleRequest(t, session!, 'DELETE', '/api/recruiters/session');
    expect(out.statusCode).toBe(200);
    const signOutUrl = new URL(out.json<{ providerSignOutUrl: string }>().providerSignOutUrl);
    expect(signOutUrl.origin).toBe(provider.issuer);
    // The sign-in that ends is named by the ID token it began with (some providers insist).
    const { id_token_hint: hint, ...rest } = Object.fromEntries(signOutUrl.searchParams);
    expect(rest).toEqual({
      client_id: provider.clientId,
      post_logout_redirect_uri: `${TEST_PUBLIC_URL}/recruiters/sign-in`,
    });
    const [, payload] = (hint ?? '').split('.');
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())).toMatchObject({
      sub: 'sub-leaving',
      aud: provider.clientId,
      iss: provider.issuer,
    });
    expect((await consoleGet(t, '/api/recruiters/session', session!)).status).toBe(401);
    // It went with its session: none of the person's rows holds it any more.
    const kept = await t.db.handle.db
      .selectFrom('sessions')
      .select('idToken')
      .where('userId', '=', leaving.id)
      .execute();
    expect(kept).toEqual([]);
    // The provider takes the request: its own page asks the person to confirm.
    expect((await provider.visit(signOutUrl.href)).status).toBe(200);
  });
  it('takes the claim OIDC_EMAIL_VERIFIED_CLAIM names, and only that one', async () => {
    await createUser(entra, 'sso.entra@example.com');
    provider.accounts.set('sub-entra', {
      email: 'sso.entra@example.com',
      emailVerified: false,
      xmsEdov: true,
    });
    provider.signInAs = 'sub-entra';
    expect(await signInThroughProvider(entra)).toMatchObject({ location: '/recruiters/openings' });
    provider.accounts.set('sub-entra', { email: 'sso.entra@example.com', emailVerified: true });
    expectSentBack(await signInThroughProvider(entra), 'refused');
  });
  it("binds the account to the provider's subject: a changed address still opens it, a reassigned one does not", async () => {
    const bound = await createUser(t, 'sso.bound@example.com');
    const admin = await createUser(t, 'sso.binding.admin@example.com', 'admin');
    const adminSession = await openSession(t, admin);
    const whoIs = async (finished: Finished) =>
      (await consoleGet<ConsoleSession>(t, '/api/recruiters/session', finished.session!)).body.user
        .userId;
    atProvider('sub-first', 'sso.bound@example.com');
    expect(await whoIs(await signInThroughProvider())).toBe(bound.id);
    // The person's address changed at the provider: the subject still names the account.
    atProvider('sub-first', 'sso.renamed@example.com');
    expect(await whoIs(await signInThroughProvider())).toBe(bound.id);
    // Someone else got the old address there: not this account.
    atProvider('sub-second', 'sso.bound@example.com');
    expectSentBack(await signInThroughProvider(), 'refused');
    expect(await lastAudit()).toMatchObject({
      actorUserId: bound.id,
      detail: 'single sign-on: the account is bound to another identity at the provider',
    });
    // An admin deactivates the account and gives it back: the next owner binds anew.
    for (const isActive of [false, true]) {
      const res = await consoleRequest(
        t,
        adminSession,
        'PATCH',
        `/api/recruiters/users/${bound.id}`,
        {
          isActive,
        },
      );
      expect(res.statusCode).toBe(200);
    }
    expect(await whoIs(await signInThroughProvider())).toBe(bound.id);
  });
});
