import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_FAILURES,
  CLIENT_FAILURES,
  FAILURE_WINDOW_MS,
  PAIR_FAILURES,
  reserveAttempt,
  throttleKeys,
} from '../../domains/accounts/sign-in-throttle';
import {
  consoleHeaders,
  createUser,
  newClient,
  openSession,
  PASSWORD,
  signInRequest,
} from '../../test/console';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

/** The app's one clock, moved by the tests. */
let now = Date.now();
const clock = () => new Date(now);

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe(`sign-in throttle under concurrency (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { now: clock });
  });
  afterAll(() => t.close());

  it(`30 wrong passwords at once for one account from one client: at most ${PAIR_FAILURES} answered 401, the rest 429, and the right password in the burst 429`, async () => {
    await createUser(t, 'burst@example.com');
    const client = newClient();
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        signInRequest(t, 'burst@example.com', `wrong guess number ${i}`, client),
      ),
      signInRequest(t, 'burst@example.com', PASSWORD, client),
    ]);
    const statuses = answers.map((res) => res.statusCode);
    expect(count(statuses, 401)).toBeLessThanOrEqual(PAIR_FAILURES);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(statuses.length);
    expect(statuses.at(-1)).toBe(429);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(FAILURE_WINDOW_MS / 1000);
    }
    // Still refused afterwards, right password included, until the window passes.
    expect((await signInRequest(t, 'burst@example.com', PASSWORD, client)).statusCode).toBe(429);
  }, 120_000);

  it(`40 wrong passwords at once from one client across accounts: at most ${CLIENT_FAILURES} answered 401`, async () => {
    const client = newClient();
    const statuses = (
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          signInRequest(t, `spray-${i}@example.com`, 'password guess 1', client),
        ),
      )
    ).map((res) => res.statusCode);
    expect(count(statuses, 401)).toBeLessThanOrEqual(CLIENT_FAILURES);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(40 - CLIENT_FAILURES);
    // That client is refused for any account; another client is not.
    await createUser(t, 'innocent@example.com');
    expect((await signInRequest(t, 'innocent@example.com', PASSWORD, client)).statusCode).toBe(429);
    expect((await signInRequest(t, 'innocent@example.com', PASSWORD)).statusCode).toBe(200);
    // Once the window has passed, that client may try again.
    now += FAILURE_WINDOW_MS + 1000;
    expect((await signInRequest(t, 'innocent@example.com', PASSWORD, client)).statusCode).toBe(200);
  }, 120_000);

  it(`strangers cannot lock the owner out: failures from other clients never refuse the right password from a fresh client, until ${ACCOUNT_FAILURES} in all`, async () => {
    await createUser(t, 'owner@example.com');
    const strangers = Array.from({ length: 5 }, () => newClient());
    const statuses = (
      await Promise.all(
        strangers.flatMap((client) =>
          Array.from({ length: PAIR_FAILURES }, (_, i) =>
            signInRequest(t, 'owner@example.com', `stranger guess ${i}`, client),
          ),
        ),
      )
    ).map((res) => res.statusCode);
    expect(statuses).toEqual(Array(strangers.length * PAIR_FAILURES).fill(401));
    // Each stranger is now refused, the right password included ...
    expect((await signInRequest(t, 'owner@example.com', PASSWORD, strangers[0])).statusCode).toBe(
      429,
    );
    // ... while the owner, from a client with no failures, signs in.
    expect((await signInRequest(t, 'OWNER@example.com', PASSWORD)).statusCode).toBe(200);

    // More strangers up to the account-wide ceiling (their slots taken as a failing attempt would).
    const keysOf = (client: string) => throttleKeys('owner@example.com', client);
    const more = ACCOUNT_FAILURES - strangers.length * PAIR_FAILURES;
    for (let i = 0; i < more; i++) {
      const client = i % PAIR_FAILURES === 0 ? newClient() : strangers.at(-1)!;
      if (i % PAIR_FAILURES === 0) strangers.push(client);
      const reservation = await reserveAttempt(t.app.repos.signInThrottle, keysOf(client), clock());
      expect(reservation.retryAfter).toBeUndefined();
    }
    const ceiling = await signInRequest(t, 'owner@example.com', PASSWORD);
    expect(ceiling.statusCode).toBe(429);
    expect(Number(ceiling.headers['retry-after'])).toBeGreaterThan(0);
    now += FAILURE_WINDOW_MS + 1000;
    expect((await signInRequest(t, 'owner@example.com', PASSWORD)).statusCode).toBe(200);
  }, 120_000);

  it(`a password change's current password takes the same slots: 12 wrong at once, at most ${PAIR_FAILURES} answered 400, then the right one 429`, async () => {
    const user = await createUser(t, 'changer@example.com');
    const session = await openSession(t, user);
    const client = newClient();
    const change = (current: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/recruiters/session/password',
        remoteAddress: client,
        headers: { ...consoleHeaders(t, session, 'write'), 'content-type': 'application/json' },
        payload: JSON.stringify({
          currentPassword: current,
          newPassword: 'a brand new long passphrase 9',
        }),
      });
    const statuses = (
      await Promise.all(Array.from({ length: 12 }, (_, i) => change(`not my password ${i}`)))
    ).map((res) => res.statusCode);
    expect(count(statuses, 400)).toBeLessThanOrEqual(PAIR_FAILURES);
    expect(count(statuses, 400) + count(statuses, 429)).toBe(statuses.length);
    // The right current password waits too (a change that went through would end the session).
    const right = await change(PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  }, 120_000);
});

describe(`sign-in throttle: reservations are atomic in the database (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`60 reservations at once for one pair: exactly ${PAIR_FAILURES} granted`, async () => {
    const keys = throttleKeys('atomic@example.com', '10.55.0.1');
    const at = new Date();
    const results = await Promise.all(
      Array.from({ length: 60 }, () => reserveAttempt(t.app.repos.signInThrottle, keys, at)),
    );
    expect(results.filter((r) => r.retryAfter === undefined)).toHaveLength(PAIR_FAILURES);
  });

  it(`60 reservations at once from one client across accounts: exactly ${CLIENT_FAILURES} granted`, async () => {
    const at = new Date();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        reserveAttempt(
          t.app.repos.signInThrottle,
          throttleKeys(`atomic-${i % 12}@example.com`, '10.55.0.2'),
          at,
        ),
      ),
    );
    expect(results.filter((r) => r.retryAfter === undefined)).toHaveLength(CLIENT_FAILURES);
  });
});
