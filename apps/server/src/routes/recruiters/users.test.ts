import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails } from '@lumenfield/contract';
import {
  consoleHeaders,
  createUser,
  openSession,
  PASSWORD,
  signInRequest,
} from '../../test/console';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

const NEW_PASSWORD = 'seven quiet lanterns over the harbour 9';

describe(`accounts: passwords are set from a session, one's own only with the current one (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (session: string, id: number, body: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/recruiters/users/${id}`,
      headers: { ...consoleHeaders(t, session, 'write'), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const whoAmI = (session: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/recruiters/session',
      headers: consoleHeaders(t, session),
    });

  it("refuses an admin's own password through the account route (400 naming it): the session and the password stay", async () => {
    const ada = await createUser(t, 'ada.own@example.com', 'admin', 'Ada Own');
    const session = await openSession(t, ada);
    const res = await patch(session, ada.id, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    const problem = res.json() as ProblemDetails;
    expect(problem.errors).toEqual([{ field: 'password', message: 'not for your own account' }]);
    expect(problem.detail).toContain('Your account');
    expect((await whoAmI(session)).statusCode).toBe(200);
    expect((await signInRequest(t, ada.email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await signInRequest(t, ada.email, PASSWORD)).statusCode).toBe(200);
    // The rest of one's own account is still changed there.
    expect((await patch(session, ada.id, { name: 'Ada Renamed' })).statusCode).toBe(200);
  });

  it("sets another person's password from an admin's session: their sessions end, the new one signs in", async () => {
    const ada = await createUser(t, 'ada.other@example.com', 'admin', 'Ada Other');
    const rita = await createUser(t, 'rita.other@example.com', 'recruiter', 'Rita Other');
    const ritaSession = await openSession(t, rita);
    const res = await patch(await openSession(t, ada), rita.id, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(ritaSession)).statusCode).toBe(401);
    expect((await signInRequest(t, rita.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('changes one’s own password through the session route with the current one only', async () => {
    const ada = await createUser(t, 'ada.session@example.com', 'admin', 'Ada Session');
    const session = await openSession(t, ada);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/recruiters/session/password',
        headers: { ...consoleHeaders(t, session, 'write'), 'content-type': 'application/json' },
        payload: JSON.stringify({ currentPassword, newPassword: NEW_PASSWORD }),
      });
    expect((await change('not the password at all')).statusCode).toBe(400);
    expect((await change(PASSWORD)).statusCode).toBe(200);
    expect((await signInRequest(t, ada.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
