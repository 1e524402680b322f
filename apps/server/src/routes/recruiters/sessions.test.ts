import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionList } from '@lumenfield/contract';
import { SESSION_COOKIE_NAME } from '../../plugins/console-sessions';
import { consoleGet, consoleRequest, createUser, PASSWORD } from '../../test/console';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

const LAPTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.73 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1';

describe(`each person's sessions, listed and ended (${engine})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A sign-in from a device and an address, as the browser would make it. */
  async function signInFrom(email: string, userAgent: string, address: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recruiters/session',
      remoteAddress: address,
      headers: {
        ...t.headers('write'),
        'content-type': 'application/json',
        'user-agent': userAgent,
      },
      payload: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)!;
    return `${cookie.name}=${cookie.value}`;
  }
  const list = async (session: string, url = '/api/recruiters/session/sessions') => {
    const res = await consoleGet<SessionList>(t, url, session);
    expect(res.status).toBe(200);
    return res.body.sessions;
  };
  const works = async (session: string) =>
    (await consoleGet(t, '/api/recruiters/session', session)).status === 200;

  it('lists the device, the place by address and the last use; ending one signs that device out', async () => {
    await createUser(t, 'sessions.own@example.com');
    const laptop = await signInFrom('sessions.own@example.com', LAPTOP, '81.2.69.142');
    const phone = await signInFrom('sessions.own@example.com', PHONE, '8.8.8.8');

    const seen = await list(laptop);
    expect(
      seen
        .map(({ device, place, address, current }) => ({ device, place, address, current }))
        .sort((a, b) => a.device!.localeCompare(b.device!)),
    ).toEqual([
      {
        device: 'Chrome 156 on Linux',
        place: 'United Kingdom',
        address: '81.2.69.x',
        current: true,
      },
      {
        device: 'Safari 18 on iOS',
        place: 'United States of America',
        address: '8.8.8.x',
        current: false,
      },
    ]);
    // The handle names the session; it is no cookie's hash.
    const phoneHandle = seen.find((s) => !s.current)!.handle;
    const stored = await t.db.handle.db.selectFrom('sessions').select('id').execute();
    expect(stored.map((row) => row.id)).not.toContain(phoneHandle);

    const ended = await consoleRequest(
      t,
      laptop,
      'DELETE',
      `/api/recruiters/session/sessions/${phoneHandle}`,
    );
    expect(ended.statusCode, ended.body).toBe(204);
    expect(await works(phone)).toBe(false);
    expect(await works(laptop)).toBe(true);
    const again = await consoleRequest(
      t,
      laptop,
      'DELETE',
      `/api/recruiters/session/sessions/${phoneHandle}`,
    );
    expect(again.statusCode).toBe(404);
    const audit = await t.db.handle.db
      .selectFrom('auditLog')
      .select(['detail'])
      .where('action', '=', 'session-end')
      .execute();
    expect(audit).toEqual([{ detail: 'own session' }]);
  });

  it("a person cannot end another's session by its handle; an admin can, one or all", async () => {
    const admin = await createUser(t, 'sessions.admin@example.com', 'admin');
    const rita = await createUser(t, 'sessions.rita@example.com');
    await createUser(t, 'sessions.sam@example.com');
    const adminSession = await signInFrom(admin.email, LAPTOP, '10.1.2.3');
    const ritaLaptop = await signInFrom(rita.email, LAPTOP, '10.1.2.4');
    const ritaPhone = await signInFrom(rita.email, PHONE, '10.1.2.5');
    const sam = await signInFrom('sessions.sam@example.com', LAPTOP, '10.1.2.6');

    const ritas = await list(adminSession, `/api/recruiters/users/${rita.id}/sessions`);
    expect(ritas.map((s) => s.place)).toEqual(['Local network', 'Local network']);
    expect(ritas.every((s) => !s.current)).toBe(true);
    const phoneHandle = ritas.find((s) => s.device === 'Safari 18 on iOS')!.handle;

    // Sam names Rita's session as if his own: no such session of his.
    const bySam = await consoleRequest(
      t,
      sam,
      'DELETE',
      `/api/recruiters/session/sessions/${phoneHandle}`,
    );
    expect(bySam.statusCode).toBe(404);
    expect(await works(ritaPhone)).toBe(true);
    // A recruiter cannot list or end another person's sessions at all.
    expect((await consoleGet(t, `/api/recruiters/users/${rita.id}/sessions`, sam)).status).toBe(
      403,
    );

    const one = await consoleRequest(
      t,
      adminSession,
      'DELETE',
      `/api/recruiters/users/${rita.id}/sessions/${phoneHandle}`,
    );
    expect(one.statusCode).toBe(204);
    expect(await works(ritaPhone)).toBe(false);
    expect(await works(ritaLaptop)).toBe(true);

    const all = await consoleRequest(
      t,
      adminSession,
      'DELETE',
      `/api/recruiters/users/${rita.id}/sessions`,
    );
    expect(all.json()).toEqual({ ended: 1 });
    expect(await works(ritaLaptop)).toBe(false);
    expect(await works(adminSession)).toBe(true);
    const audit = await t.db.handle.db
      .selectFrom('auditLog')
      .select(['detail', 'target'])
      .where('action', '=', 'session-end')
      .where('target', '=', `user ${rita.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.detail)).toEqual([
      'ended by an admin',
      'all sessions ended by an admin (1)',
    ]);
  });
});
