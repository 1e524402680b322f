import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PASSKEYS,
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_SIGN_IN_FAILED_MESSAGE,
  type AuditPage,
  type ConsoleSession,
  type Passkey,
  type PasskeyList,
  type PasskeyOptions,
  type SecondStep,
} from '@lumenfield/contract';
import { passkeyCount, signInOptions, verifyPasskey } from '../../domains/accounts/passkeys';
import { SESSION_COOKIE_NAME } from '../../plugins/console-sessions';
import { PENDING_COOKIE_NAME } from '../../plugins/pending-sign-ins';
import {
  consoleHeaders,
  consoleRequest,
  createUser,
  newClient,
  openSession,
  PASSWORD,
  signedOutWrite,
  signInRequest,
} from '../../test/console';
import { SoftAuthenticator } from '../../test/passkey-authenticator';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

/** The app's one clock, moved by the tests (a challenge lives five minutes). */
let now = Date.parse('2026-11-29T09:00:00Z');
const clock = () => new Date(now);

/** What `app.inject` is addressed as: the relying party is the request's own origin. */
const ORIGIN = 'http://localhost';
const REGISTER_COOKIE = 'lumenfield-passkey-register';
const SIGN_IN_COOKIE = 'lumenfield-passkey-sign-in';

describe(`passkeys (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { now: clock });
  });
  afterAll(() => t.close());

  const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) => {
    const cookie = res.cookies.find((c) => c.name === name && c.value !== '');
    if (!cookie) throw new Error(`no ${name} cookie`);
    return `${cookie.name}=${cookie.value}`;
  };

  /** Asks for the options to add a passkey: the options and the challenge's cookie. */
  const registrationStart = async (session: string) => {
    const res = await consoleRequest(
      t,
      session,
      'POST',
      '/api/recruiters/session/passkeys/options',
    );
    expect(res.statusCode, res.body).toBe(200);
    return {
      options: (res.json() as PasskeyOptions).options,
      cookie: cookieOf(res, REGISTER_COOKIE),
    };
  };

  const registrationFinish = (session: string, cookie: string, body: unknown) =>
    consoleRequest(t, `${session}; ${cookie}`, 'POST', '/api/recruiters/session/passkeys', body);

  /** Adds a passkey made by `authenticator` to the session's person. */
  const register = async (session: string, authenticator: SoftAuthenticator, name: string) => {
    const { options, cookie } = await registrationStart(session);
    const res = await registrationFinish(session, cookie, {
      name,
      credential: authenticator.register(options),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Passkey;
  };

  /** A sign-in's options, as a browser without a session asks for them. */
  const signInStart = async (client: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recruiters/session/passkey/options',
      remoteAddress: client,
      headers: t.headers('write'),
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      options: (res.json() as PasskeyOptions).options,
      cookie: cookieOf(res, SIGN_IN_COOKIE),
    };
  };

  const signInFinish = (client: string, cookie: string | undefined, credential: unknown) =>
    signedOutWrite(t, client, [cookie], '/api/recruiters/session/passkey', { credential });

  /** Signs in with the authenticator's passkey from a client of its own. */
  const signIn = async (authenticator: SoftAuthenticator, client = newClient()) => {
    const { options, cookie } = await signInStart(client);
    return signInFinish(client, cookie, authenticator.signIn(options));
  };

  const auditOf = async (admin: string, action: string) => {
    const res = await consoleRequest(t, admin, 'GET', `/api/recruiters/audit?action=${action}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as AuditPage).items;
  };

  it('a person adds a passkey, sees it listed, and signs in with it without an e-mail', async () => {
    const user = await createUser(t, 'pk-one@example.com', 'recruiter', 'Pia Passkey');
    const admin = await openSession(t, await createUser(t, 'pk-admin1@example.com', 'admin'));
    const session = await openSession(t, user);
    const authenticator = new SoftAuthenticator(ORIGIN);

    const { options } = await registrationStart(session);
    // Discoverable preferred, the person verified, the site's host name as the RP ID.
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      attestation: 'none',
    });
    // The user handle names nobody: not the e-mail, not the id.
    expect(JSON.stringify(options)).not.toContain(String(user.id) + '"');
    const added = await register(session, authenticator, '  Work laptop ');
    expect(added).toMatchObject({ name: 'Work laptop', lastUsedOn: null, synced: false });
    expect(await passkeyCount(t.app.repos, user.id)).toBe(1);

    const list = await consoleRequest(t, session, 'GET', '/api/recruiters/session/passkeys');
    expect((list.json() as PasskeyList).passkeys.map((p) => p.name)).toEqual(['Work laptop']);

    now += 60_000;
    const res = await signIn(authenticator);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ConsoleSession).user.email).toBe('pk-one@example.com');
    const cookie = cookieOf(res, SESSION_COOKIE_NAME);
    // The challenge's cookie is cleared with the answer.
    expect(res.cookies.find((c) => c.name === SIGN_IN_COOKIE)?.value).toBe('');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/recruiters/session',
      headers: consoleHeaders(t, cookie),
    });
    expect(me.statusCode).toBe(200);
    const sessions = await t.db.handle.db
      .selectFrom('sessions')
      .select('method')
      .where('userId', '=', user.id)
      .execute();
    expect(sessions.map((s) => s.method).sort()).toEqual(['passkey', 'password']);

    const listed = (
      (
        await consoleRequest(t, session, 'GET', '/api/recruiters/session/passkeys')
      ).json() as PasskeyList
    ).passkeys;
    expect(listed[0]?.lastUsedOn).toBe(new Date(now).toISOString());
    // The counter is stored: the authenticator's last signature counted 1.
    const stored = await t.app.repos.passkeys.findByCredentialId(authenticator.id);
    expect(stored?.counter).toBe(1);

    expect((await auditOf(admin, 'passkey-add')).map((e) => e.detail)).toContain('"Work laptop"');
    const signIns = (await auditOf(admin, 'sign-in')).filter((e) => e.detail === 'passkey');
    expect(signIns.map((e) => e.actor)).toContain('Pia Passkey');
  });

  it('refuses a wrong challenge, a replayed challenge, a replayed counter, another origin and no verification', async () => {
    const user = await createUser(t, 'pk-two@example.com');
    const admin = await openSession(t, await createUser(t, 'pk-admin2@example.com', 'admin'));
    const authenticator = new SoftAuthenticator(ORIGIN);
    await register(await openSession(t, user), authenticator, 'Phone');

    const refused = async (res: Awaited<ReturnType<typeof signInFinish>>) => {
      expect(res.statusCode, res.body).toBe(401);
      expect((res.json() as { detail: string }).detail).toBe(PASSKEY_SIGN_IN_FAILED_MESSAGE);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE_NAME && c.value)).toBeUndefined();
    };

    // A signature over a challenge of the authenticator's own making.
    const client = newClient();
    const wrong = await signInStart(client);
    await refused(
      await signInFinish(
        client,
        wrong.cookie,
        authenticator.signIn({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA' }),
      ),
    );
    // The challenge of another browser (its cookie is not this one's).
    const other = await signInStart(newClient());
    const mine = await signInStart(client);
    await refused(await signInFinish(client, mine.cookie, authenticator.signIn(other.options)));

    // A good answer is used once: sent again (with its cookie), it is refused.
    const once = await signInStart(client);
    const answer = authenticator.signIn(once.options);
    expect((await signInFinish(client, once.cookie, answer)).statusCode).toBe(200);
    await refused(await signInFinish(client, once.cookie, answer));

    // An older signature counter on a fresh challenge: a cloned authenticator.
    const fresh = await signInStart(client);
    authenticator.counter -= 1;
    await refused(await signInFinish(client, fresh.cookie, authenticator.signIn(fresh.options)));
    authenticator.counter += 5;

    // Signed for another site, and without the person verified.
    const phished = await signInStart(client);
    await refused(
      await signInFinish(
        client,
        phished.cookie,
        authenticator.signIn(phished.options, 'https://lumenfield.example.net'),
      ),
    );
    authenticator.verifies = false;
    const unverified = await signInStart(client);
    await refused(
      await signInFinish(client, unverified.cookie, authenticator.signIn(unverified.options)),
    );
    authenticator.verifies = true;

    // Five minutes later the challenge is gone.
    const late = await signInStart(client);
    now += PASSKEY_CHALLENGE_SECONDS * 1000;
    await refused(await signInFinish(client, late.cookie, authenticator.signIn(late.options)));
    // Without the cookie there is no challenge at all (from another client: this one has had its
    // five failures for the account, and a sixth would wait).
    await refused(await signInFinish(newClient(), undefined, authenticator.signIn(late.options)));
    expect(
      (await signInFinish(client, undefined, authenticator.signIn(late.options))).statusCode,
    ).toBe(429);

    const failures = (await auditOf(admin, 'sign-in-failed')).map((e) => e.detail);
    expect(failures).toEqual(
      expect.arrayContaining([
        'passkey: not verified',
        'passkey: counter replayed',
        'passkey: no challenge (expired or used)',
      ]),
    );
  });

  it('a deactivated person is refused, an unknown passkey too, and failures are throttled', async () => {
    const user = await createUser(t, 'pk-three@example.com');
    const adminUser = await createUser(t, 'pk-admin3@example.com', 'admin');
    const admin = await openSession(t, adminUser);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await register(await openSession(t, user), authenticator, 'Key');

    const off = await consoleRequest(t, admin, 'PATCH', `/api/recruiters/users/${user.id}`, {
      isActive: false,
    });
    expect(off.statusCode).toBe(200);
    expect((await signIn(authenticator)).statusCode).toBe(401);
    expect((await auditOf(admin, 'sign-in-failed')).map((e) => e.detail)).toContain(
      'passkey: account deactivated',
    );
    await consoleRequest(t, admin, 'PATCH', `/api/recruiters/users/${user.id}`, { isActive: true });
    expect((await signIn(authenticator)).statusCode).toBe(200);

    // A passkey no account has: refused the same way.
    expect((await signIn(new SoftAuthenticator(ORIGIN))).statusCode).toBe(401);

    // Five failures for the account from one client, then 429 even for a right answer.
    const client = newClient();
    for (let i = 0; i < 5; i += 1) {
      const { cookie } = await signInStart(client);
      const res = await signInFinish(client, cookie, authenticator.signIn({ challenge: 'AAAA' }));
      expect(res.statusCode).toBe(401);
    }
    const throttled = await signIn(authenticator, client);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held up.
    expect((await signIn(authenticator)).statusCode).toBe(200);
  });

  it('refuses a registration without its challenge, another session’s, or a copy; at most MAX_PASSKEYS', async () => {
    const user = await createUser(t, 'pk-four@example.com');
    const other = await createUser(t, 'pk-five@example.com');
    const session = await openSession(t, user);
    const otherSession = await openSession(t, other);
    const authenticator = new SoftAuthenticator(ORIGIN);

    // The other person's challenge cookie does not add a passkey to this person.
    const theirs = await registrationStart(otherSession);
    const stolen = await registrationFinish(session, theirs.cookie, {
      name: 'Stolen',
      credential: authenticator.register(theirs.options),
    });
    expect(stolen.statusCode).toBe(400);
    // Used once: the same answer again is refused.
    const mine = await registrationStart(session);
    const body = { name: 'Laptop', credential: authenticator.register(mine.options) };
    expect((await registrationFinish(session, mine.cookie, body)).statusCode).toBe(201);
    expect((await registrationFinish(session, mine.cookie, body)).statusCode).toBe(400);
    // Made for another origin.
    const away = await registrationStart(session);
    const phished = await registrationFinish(session, away.cookie, {
      name: 'Away',
      credential: new SoftAuthenticator(ORIGIN).register(away.options, 'https://evil.example'),
    });
    expect(phished.statusCode).toBe(400);
    // The same credential on another account: 409.
    const again = await registrationStart(otherSession);
    const copy = await registrationFinish(otherSession, again.cookie, {
      name: 'Copy',
      credential: authenticator.register(again.options),
    });
    expect(copy.statusCode).toBe(409);
    // Excluded on the next options: this authenticator is already added.
    const next = await registrationStart(session);
    expect(JSON.stringify(next.options.excludeCredentials)).toContain(authenticator.id);

    for (let i = 1; i < MAX_PASSKEYS; i += 1) {
      await register(session, new SoftAuthenticator(ORIGIN), `Spare ${i}`);
    }
    const full = await consoleRequest(
      t,
      session,
      'POST',
      '/api/recruiters/session/passkeys/options',
    );
    expect(full.statusCode).toBe(409);
  });

  it('a person removes their passkey, an admin removes another’s (audited), and it signs nobody in', async () => {
    const user = await createUser(t, 'pk-six@example.com', 'interviewer', 'Ivo Interviewer');
    const adminUser = await createUser(t, 'pk-admin6@example.com', 'admin');
    const admin = await openSession(t, adminUser);
    const session = await openSession(t, user);
    const laptop = new SoftAuthenticator(ORIGIN);
    const phone = new SoftAuthenticator(ORIGIN);
    const first = await register(session, laptop, 'Laptop');
    const second = await register(session, phone, 'Phone');

    // Someone else's passkey is as unknown as none.
    const stranger = await openSession(t, await createUser(t, 'pk-seven@example.com'));
    const foreign = await consoleRequest(
      t,
      stranger,
      'DELETE',
      `/api/recruiters/session/passkeys/${first.id}`,
    );
    expect(foreign.statusCode).toBe(404);

    const removed = await consoleRequest(
      t,
      session,
      'DELETE',
      `/api/recruiters/session/passkeys/${first.id}`,
    );
    expect(removed.statusCode).toBe(204);
    expect((await signIn(laptop)).statusCode).toBe(401);

    // A recruiter may not see or remove another's passkeys; an admin may.
    const listed = await consoleRequest(
      t,
      stranger,
      'GET',
      `/api/recruiters/users/${user.id}/passkeys`,
    );
    expect(listed.statusCode).toBe(403);
    const theirs = await consoleRequest(
      t,
      admin,
      'GET',
      `/api/recruiters/users/${user.id}/passkeys`,
    );
    expect((theirs.json() as PasskeyList).passkeys.map((p) => p.name)).toEqual(['Phone']);
    const byAdmin = await consoleRequest(
      t,
      admin,
      'DELETE',
      `/api/recruiters/users/${user.id}/passkeys/${second.id}`,
    );
    expect(byAdmin.statusCode).toBe(204);
    expect((await signIn(phone)).statusCode).toBe(401);
    expect(await passkeyCount(t.app.repos, user.id)).toBe(0);

    const removals = await auditOf(admin, 'passkey-remove');
    expect(removals.map((e) => [e.actor, e.detail])).toEqual(
      expect.arrayContaining([
        ['Ivo Interviewer', '"Laptop"'],
        ['Ada Admin', `passkey ${second.id} "Phone" removed by an admin`],
      ]),
    );
  });

  it('verifies a second step for the person a pending sign-in names, and no one else', async () => {
    const user = await createUser(t, 'pk-eight@example.com');
    const authenticator = new SoftAuthenticator(ORIGIN);
    await register(await openSession(t, user), authenticator, 'Key');
    const rp = { id: 'localhost', origin: ORIGIN };
    // The second step's options name the person's passkeys only.
    const options = await signInOptions(rp, await t.app.repos.passkeys.listForUser(user.id));
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    const { challenge } = options;
    const someoneElse = await verifyPasskey(t.app.repos, {
      credential: authenticator.signIn({ challenge }),
      expectedChallenge: challenge,
      rp,
      expectedUserId: user.id + 1000,
      now: clock(),
    });
    expect(someoneElse.reason).toBe('another person');
    const theirs = await verifyPasskey(t.app.repos, {
      credential: authenticator.signIn({ challenge }),
      expectedChallenge: challenge,
      rp,
      expectedUserId: user.id,
      now: clock(),
    });
    expect(theirs.reason).toBeUndefined();
    expect(theirs.user?.id).toBe(user.id);
  });

  it('does the second step after a password, where the rule asks for one, with the person’s own passkey only', async () => {
    const user = await createUser(t, 'pk-nine@example.com');
    const other = await createUser(t, 'pk-ten@example.com');
    const mine = new SoftAuthenticator(ORIGIN);
    const theirs = new SoftAuthenticator(ORIGIN);
    await register(await openSession(t, user), mine, 'Laptop');
    await register(await openSession(t, other), theirs, 'Phone');
    await t.app.repos.accountSettings.write({ requireSecondFactor: true }, null, clock());
    try {
      const pendingCall = (client: string, cookies: string[], url: string, body?: unknown) =>
        signedOutWrite(t, client, cookies, url, body);
      const passwordFirst = async (client: string) => {
        const res = await signInRequest(t, 'pk-nine@example.com', PASSWORD, client);
        expect(res.statusCode, res.body).toBe(200);
        // A passkey is this person's factor: no app to set up, the passkey asked for.
        expect(res.json()).toMatchObject({ secondStep: 'passkey', passkey: true } as SecondStep);
        return cookieOf(res, PENDING_COOKIE_NAME);
      };
      const optionsFor = async (client: string, pending: string) => {
        const res = await pendingCall(
          client,
          [pending],
          '/api/recruiters/session/second-factor/passkey',
        );
        expect(res.statusCode, res.body).toBe(200);
        const { options } = res.json() as PasskeyOptions;
        // Only this person's passkeys are offered.
        expect((options.allowCredentials as { id: string }[]).map((c) => c.id)).toEqual([mine.id]);
        return { options, challenge: cookieOf(res, SIGN_IN_COOKIE) };
      };

      // Another person's passkey answering this person's step: refused, counted, no session.
      const client = newClient();
      const pending = await passwordFirst(client);
      const first = await optionsFor(client, pending);
      const wrong = await pendingCall(
        client,
        [pending, first.challenge],
        '/api/recruiters/session/second-factor',
        { credential: theirs.signIn(first.options) },
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ detail: PASSKEY_SIGN_IN_FAILED_MESSAGE });
      expect(wrong.cookies.find((c) => c.name === SESSION_COOKIE_NAME)).toBeUndefined();
      // A recovery code cannot stand in for the passkey (this person has none anyway).
      const recovery = await pendingCall(
        client,
        [pending],
        '/api/recruiters/session/second-factor',
        {
          recoveryCode: 'aaaaaa-aaaaaa-aaaaaa-aaaaaa',
        },
      );
      expect(recovery.statusCode).toBe(401);

      // The usernameless sign-in does not take a challenge named for a person.
      const second = await optionsFor(client, pending);
      const elsewhere = await signInFinish(client, second.challenge, mine.signIn(second.options));
      expect(elsewhere.statusCode).toBe(401);

      // Their own passkey, with the challenge of this step: signed in, as password + passkey.
      const third = await optionsFor(client, pending);
      const right = await pendingCall(
        client,
        [pending, third.challenge],
        '/api/recruiters/session/second-factor',
        { credential: mine.signIn(third.options) },
      );
      expect(right.statusCode, right.body).toBe(200);
      expect((right.json() as ConsoleSession).user.email).toBe('pk-nine@example.com');
      const methods = await t.db.handle.db
        .selectFrom('sessions')
        .select('method')
        .where('userId', '=', user.id)
        .execute();
      expect(methods.map((row) => row.method).sort()).toEqual(['password', 'password+passkey']);
      // The pending sign-in is spent: the same cookie does nothing more.
      const again = await pendingCall(
        client,
        [pending],
        '/api/recruiters/session/second-factor/passkey',
      );
      expect(again.statusCode).toBe(401);

      // An account with no passkey has none to offer: it enrols an app instead.
      const plain = await createUser(t, 'pk-eleven@example.com');
      const res = await signInRequest(t, plain.email);
      expect(res.json()).toMatchObject({ secondStep: 'enrol', passkey: false });
      const none = await pendingCall(
        newClient(),
        [cookieOf(res, PENDING_COOKIE_NAME)],
        '/api/recruiters/session/second-factor/passkey',
      );
      expect(none.statusCode).toBe(409);
    } finally {
      await t.app.repos.accountSettings.write({ requireSecondFactor: false }, null, clock());
    }
  });
});
