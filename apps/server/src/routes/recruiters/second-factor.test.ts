import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECOND_FACTOR_FAILED_MESSAGE,
  type RecoveryCodes,
  type SecondFactors,
  type TotpSetup,
} from '@lumenfield/contract';
import { SESSION_COOKIE_NAME } from '../../plugins/console-sessions';
import { PENDING_COOKIE_NAME } from '../../plugins/pending-sign-ins';
import type { User } from '../../domains/accounts/users-repository';
import {
  consoleGet,
  consoleRequest,
  createUser,
  newClient,
  openSession,
  PASSWORD,
  signedOutWrite,
} from '../../test/console';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { PENDING_GONE_MESSAGE } from './second-factor';

/** The code an authenticator app shows for `secret` at `at`, computed as an app would. */
const codeAt = (secret: string, at: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')) }).generate({
    timestamp: at,
  });

describe(`two-step sign-in: an authenticator app and recovery codes (${engine})`, () => {
  let t: TestApp;
  // The app's clock: a step of 30 s starts at a round time, so a test knows which step it is in.
  let clock = Math.floor(Date.now() / 30_000) * 30_000 + 5_000;
  const tick = (ms: number) => {
    clock += ms;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) => {
    const found = res.cookies.find((c) => c.name === name);
    return found ? `${found.name}=${found.value}` : undefined;
  };

  /** Password sign-in from `client`: the answer and the pending sign-in's cookie. */
  const signIn = async (email: string, client = newClient(), password = PASSWORD) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recruiters/session',
      remoteAddress: client,
      headers: { ...t.headers('write'), 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    });
    return { res, pending: cookieOf(res, PENDING_COOKIE_NAME) };
  };
  /** A second step (or the enrolment's setup) with the pending sign-in's cookie. */
  const second = (
    pending: string | undefined,
    body: unknown,
    client = newClient(),
    url = '/api/recruiters/session/second-factor',
  ) => signedOutWrite(t, client, [pending], url, body);
  /** How the person's latest session was signed in. */
  const latestMethod = async (userId: number) =>
    (
      await t.db.handle.db
        .selectFrom('sessions')
        .select('method')
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .executeTakeFirstOrThrow()
    ).method;
  const auditOf = async (action: Parameters<typeof t.app.repos.audit.list>[0]['action']) =>
    (await t.app.repos.audit.list({ action }, 1, 100)).items;

  /** A person with the app on, set up through Your account; its secret and recovery codes. */
  async function enrolled(email: string, role: User['role'] = 'recruiter') {
    const user = await createUser(t, email, role);
    const session = await openSession(t, user);
    const setup = await consoleRequest(t, session, 'POST', '/api/recruiters/session/totp');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as TotpSetup;
    const confirmed = await consoleRequest(t, session, 'PUT', '/api/recruiters/session/totp', {
      code: codeAt(secret, clock),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    tick(30_000); // the enrolment's code is spent: sign-ins below use the next step's.
    return { user, session, secret, codes: (confirmed.json() as RecoveryCodes).recoveryCodes };
  }

  it('sets up an app on Your account: a secret shown once, sealed at rest, on after a right code, with ten recovery codes', async () => {
    const user = await createUser(t, 'enrol@example.com');
    const session = await openSession(t, user);
    const before = await consoleGet<SecondFactors>(t, '/api/recruiters/session/totp', session);
    expect(before.body).toEqual({ totp: false, recoveryCodesLeft: 0 });

    const setup = await consoleRequest(t, session, 'POST', '/api/recruiters/session/totp');
    const { secret, uri } = setup.json() as TotpSetup;
    expect(secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Lumenfield%20console:enrol%40example\.com\?/);
    expect(uri).toContain(`secret=${secret.replace(/\s/g, '')}`);
    // Stored sealed: the row holds neither the secret nor its base32 text.
    const row = await t.db.handle.db
      .selectFrom('secondFactors')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(secret.replace(/\s/g, ''));
    expect(row.confirmedAt).toBeNull();

    const wrong = await consoleRequest(t, session, 'PUT', '/api/recruiters/session/totp', {
      code: codeAt(secret, clock - 120_000),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ detail: SECOND_FACTOR_FAILED_MESSAGE });
    const right = await consoleRequest(t, session, 'PUT', '/api/recruiters/session/totp', {
      code: codeAt(secret, clock),
    });
    expect(right.statusCode).toBe(200);
    const { recoveryCodes } = right.json() as RecoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{6}(-[a-z2-9]{6}){3}$/);
    // Stored hashed: no code in the table.
    const stored = await t.db.handle.db
      .selectFrom('recoveryCodes')
      .select('codeHash')
      .where('userId', '=', user.id)
      .execute();
    expect(stored.map((r) => r.codeHash).some((h) => recoveryCodes.includes(h))).toBe(false);

    const after = await consoleGet<SecondFactors>(t, '/api/recruiters/session/totp', session);
    expect(after.body).toEqual({ totp: true, recoveryCodesLeft: 10 });
    // The secret is never shown again.
    const again = await consoleRequest(t, session, 'POST', '/api/recruiters/session/totp');
    expect(again.statusCode).toBe(409);
    // This browser showed the app: its session counts as signed in with it.
    const sessions = await t.db.handle.db
      .selectFrom('sessions')
      .select('method')
      .where('userId', '=', user.id)
      .execute();
    expect(sessions.map((s) => s.method)).toEqual(['password+totp']);
    expect(await t.app.repos.secondFactors.secondFactorsOf(user.id)).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
    });
    const audit = await auditOf('second-factor-enrol');
    expect(audit).toContainEqual(
      expect.objectContaining({ target: `user ${user.id}`, detail: 'account page' }),
    );
    expect(JSON.stringify(await auditOf('second-factor-failed'))).not.toContain(secret);
  });

  it('a right password is only half a sign-in; a code from the app completes it, once', async () => {
    const { user, secret } = await enrolled('two-step@example.com');
    const { res, pending } = await signIn(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ secondStep: 'totp' });
    expect(cookieOf(res, SESSION_COOKIE_NAME)).toBeUndefined();
    const cookie = res.cookies.find((c) => c.name === PENDING_COOKIE_NAME)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 300, path: '/' });
    expect(res.headers['cache-control']).toBe('no-store');
    // The pending cookie is no session.
    expect((await consoleGet(t, '/api/recruiters/session', pending!)).status).toBe(401);

    const code = codeAt(secret, clock);
    const done = await second(pending, { code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ user: { email: user.email } });
    const session = cookieOf(done, SESSION_COOKIE_NAME)!;
    expect((await consoleGet(t, '/api/recruiters/session', session)).status).toBe(200);
    expect(await latestMethod(user.id)).toBe('password+totp');
    // The pending sign-in is spent with it.
    expect((await second(pending, { code })).json()).toMatchObject({
      detail: PENDING_GONE_MESSAGE,
    });

    // The same code in a new sign-in (within its 30 s) is refused: each code works once.
    const reused = await signIn(user.email);
    const refused = await second(reused.pending, { code });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ detail: SECOND_FACTOR_FAILED_MESSAGE });
    // Five digits are a wrong code like any other: the same answer, not a malformed request.
    const short = await second(reused.pending, { code: '12 345' });
    expect([short.statusCode, short.json()]).toEqual([
      401,
      expect.objectContaining({ detail: SECOND_FACTOR_FAILED_MESSAGE }),
    ]);
    // A code of the step before now is allowed (a clock a little off), two steps before is not.
    tick(30_000);
    expect(
      (await second(reused.pending, { code: codeAt(secret, clock - 60_000) })).statusCode,
    ).toBe(401);
    expect(
      (await second(reused.pending, { code: codeAt(secret, clock - 30_000) })).statusCode,
    ).toBe(
      401, // that step's code is the one already used above
    );
    expect(
      (await second(reused.pending, { code: codeAt(secret, clock + 30_000) })).statusCode,
    ).toBe(200);
    const signIns = await auditOf('sign-in');
    expect(signIns).toContainEqual(expect.objectContaining({ detail: 'password+totp' }));
  });

  it('wrong codes: one message, the pending sign-in ends at the fifth, and the sign-in throttle counts them', async () => {
    const { user, secret } = await enrolled('wrong-codes@example.com');
    const client = newClient();
    const { pending } = await signIn(user.email, client);
    const wrong = String((Number(codeAt(secret, clock)) + 1) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await second(pending, { code: wrong }, client);
      statuses.push(res.statusCode);
      expect(res.json()).toMatchObject({ detail: SECOND_FACTOR_FAILED_MESSAGE });
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // Five wrong codes: the pending sign-in is gone, even with the right code.
    const late = await second(pending, { code: codeAt(secret, clock) }, client);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ detail: PENDING_GONE_MESSAGE });
    // And the five count as failed sign-ins of this account from this client: the next is 429.
    const throttled = await signIn(user.email, client);
    expect(throttled.res.statusCode).toBe(429);
    expect(Number(throttled.res.headers['retry-after'])).toBeGreaterThan(0);
    const failed = (await auditOf('second-factor-failed')).filter(
      (row) => row.actorEmail === user.email,
    );
    expect(failed).toHaveLength(5);
    expect(failed.map((row) => row.detail)).toContain('code (5 of 5)');
  });

  it('a recovery code signs in once; the codes can be made again, which voids the old ones', async () => {
    const { user, secret, codes, session } = await enrolled('recovery@example.com');
    const first = codes[0]!;
    const { pending } = await signIn(user.email);
    // Capitals and spaces as a person might type it from paper.
    const done = await second(pending, { recoveryCode: ` ${first.toUpperCase()} ` });
    expect(done.statusCode, done.body).toBe(200);
    expect(await latestMethod(user.id)).toBe('password+recovery-code');
    expect(await auditOf('recovery-code-use')).toContainEqual(
      expect.objectContaining({ target: `user ${user.id}`, detail: '9 left' }),
    );
    // Used: refused the next time.
    const again = await signIn(user.email);
    expect((await second(again.pending, { recoveryCode: first })).statusCode).toBe(401);

    // New codes (a current code asked for): the old ones stop working.
    const renewed = await consoleRequest(
      t,
      session,
      'POST',
      '/api/recruiters/session/recovery-codes',
      {
        code: codeAt(secret, clock),
      },
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = (renewed.json() as RecoveryCodes).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await second(again.pending, { recoveryCode: codes[1]! })).statusCode).toBe(401);
    expect((await second(again.pending, { recoveryCode: fresh[0]! })).statusCode).toBe(200);
    expect(await auditOf('recovery-codes-regenerate')).toContainEqual(
      expect.objectContaining({ target: `user ${user.id}` }),
    );
  });

  it("an admin's new password leaves the factor on: the next sign-in still asks for a code", async () => {
    const { user } = await enrolled('new-password@example.com');
    const admin = await createUser(t, 'password-admin@example.com', 'admin');
    const reset = await consoleRequest(
      t,
      await openSession(t, admin),
      'PATCH',
      `/api/recruiters/users/${user.id}`,
      { password: 'a brand new passphrase for you 9' },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const { res } = await signIn(user.email, newClient(), 'a brand new passphrase for you 9');
    expect(res.json()).toMatchObject({ secondStep: 'totp' });
    expect(cookieOf(res, SESSION_COOKIE_NAME)).toBeUndefined();
  });

  it('a pending sign-in ends after five minutes', async () => {
    const { user, secret } = await enrolled('expiry@example.com');
    const { pending } = await signIn(user.email);
    tick(5 * 60_000 + 1_000);
    const res = await second(pending, { code: codeAt(secret, clock) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: PENDING_GONE_MESSAGE });
    expect(cookieOf(res, SESSION_COOKIE_NAME)).toBeUndefined();
    const rows = await t.db.handle.db
      .selectFrom('pendingSignIns')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('turning it off asks for a current code or the password', async () => {
    const { user, secret, session } = await enrolled('off@example.com');
    const noCode = await consoleRequest(t, session, 'DELETE', '/api/recruiters/session/totp', {
      code: '000000',
    });
    expect(noCode.statusCode).toBe(400);
    const wrongPassword = await consoleRequest(
      t,
      session,
      'DELETE',
      '/api/recruiters/session/totp',
      {
        password: 'not the password at all',
      },
    );
    expect(wrongPassword.statusCode).toBe(400);
    const off = await consoleRequest(t, session, 'DELETE', '/api/recruiters/session/totp', {
      code: codeAt(secret, clock),
    });
    expect(off.statusCode).toBe(204);
    expect(await t.app.repos.secondFactors.secondFactorsOf(user.id)).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
    });
    // The next sign-in is a password's alone again.
    const { res } = await signIn(user.email);
    expect(cookieOf(res, SESSION_COOKIE_NAME)).toBeDefined();
    expect(await auditOf('second-factor-disable')).toContainEqual(
      expect.objectContaining({ target: `user ${user.id}`, detail: 'with a code' }),
    );
  });

  it('an admin requires a second factor: only with one of their own; password sessions end, the next sign-in enrols', async () => {
    const admin = await createUser(t, 'rule-admin@example.com', 'admin');
    const adminSession = await openSession(t, admin);
    const person = await createUser(t, 'rule-person@example.com');
    const personSession = await openSession(t, person);
    const refused = await consoleRequest(
      t,
      adminSession,
      'PATCH',
      '/api/recruiters/account-settings',
      {
        requireSecondFactor: true,
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: expect.stringContaining('your own account') });

    // The admin sets up their app in this session, which then counts as signed in with it.
    const setup = await consoleRequest(t, adminSession, 'POST', '/api/recruiters/session/totp');
    const { secret } = setup.json() as TotpSetup;
    await consoleRequest(t, adminSession, 'PUT', '/api/recruiters/session/totp', {
      code: codeAt(secret, clock),
    });
    // A token made with a password alone, and one made after a second factor.
    const tokenOf = async (session: string) => {
      const res = await consoleRequest(t, session, 'POST', '/api/recruiters/tokens', {
        name: 'Nightly export',
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { secret: string }).secret;
    };
    const passwordToken = await tokenOf(personSession);
    const factorToken = await tokenOf(adminSession);
    const tokenCall = async (secret: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/recruiters/jobs',
          headers: { authorization: `Bearer ${secret}` },
          remoteAddress: newClient(),
        })
      ).statusCode;
    expect(await tokenCall(passwordToken)).toBe(200);
    const on = await consoleRequest(t, adminSession, 'PATCH', '/api/recruiters/account-settings', {
      requireSecondFactor: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ requireSecondFactor: true });
    expect((await consoleGet(t, '/api/recruiters/session', adminSession)).status).toBe(200);
    expect((await consoleGet(t, '/api/recruiters/session', personSession)).status).toBe(401);
    // The password-only token went with the password-only sessions; the other stays.
    expect(await tokenCall(passwordToken)).toBe(401);
    expect(await tokenCall(factorToken)).toBe(200);
    expect(await auditOf('account-settings-update')).toContainEqual(
      expect.objectContaining({
        detail: expect.stringContaining(
          'password-only sessions ended, 1 API tokens made with a password alone revoked',
        ),
      }),
    );

    // The person's next sign-in: set up an app first, then the session, with the codes.
    const client = newClient();
    const { res, pending } = await signIn(person.email, client);
    expect(res.json()).toMatchObject({ secondStep: 'enrol' });
    const made = await second(
      pending,
      undefined,
      client,
      '/api/recruiters/session/second-factor/setup',
    );
    expect(made.statusCode, made.body).toBe(200);
    const personSecret = (made.json() as TotpSetup).secret;
    expect((await second(pending, { code: '000000' }, client)).statusCode).toBe(401);
    const done = await second(pending, { code: codeAt(personSecret, clock) }, client);
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as RecoveryCodes).recoveryCodes).toHaveLength(10);
    expect(await t.app.repos.secondFactors.secondFactorsOf(person.id)).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
    });
    expect(await auditOf('second-factor-enrol')).toContainEqual(
      expect.objectContaining({ target: `user ${person.id}`, detail: 'at sign-in (required)' }),
    );

    // The users list says who has it on.
    const users = await consoleGet<{ email: string; twoStep: boolean }[]>(
      t,
      '/api/recruiters/users',
      adminSession,
    );
    expect(users.body.find((u) => u.email === person.email)?.twoStep).toBe(true);

    // An admin resets the person's factor: it goes, with their sessions; audited.
    const personNow = cookieOf(done, SESSION_COOKIE_NAME)!;
    const reset = await consoleRequest(
      t,
      adminSession,
      'DELETE',
      `/api/recruiters/users/${person.id}/second-factor`,
    );
    expect(reset.statusCode).toBe(204);
    expect((await consoleGet(t, '/api/recruiters/session', personNow)).status).toBe(401);
    expect(await t.app.repos.secondFactors.secondFactorsOf(person.id)).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
    });
    expect(await auditOf('second-factor-reset')).toContainEqual(
      expect.objectContaining({ target: `user ${person.id}`, actorEmail: admin.email }),
    );
    // With the rule on, their next sign-in enrols again.
    expect((await signIn(person.email)).res.json()).toMatchObject({ secondStep: 'enrol' });

    // Off again (the other tests sign in with passwords).
    const off = await consoleRequest(t, adminSession, 'PATCH', '/api/recruiters/account-settings', {
      requireSecondFactor: false,
    });
    expect(off.json()).toMatchObject({ requireSecondFactor: false });
  });
});
