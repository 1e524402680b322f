import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenCreated, RecruiterOpening } from '@lumenfield/contract';
import { withAuditLogAway } from '../../test/audit-log-away';
import { applicationPayload, createOpening, postApplication } from '../../test/legacy/application';
import {
  consoleHeaders,
  consoleRequest,
  createUser,
  openSession,
  PASSWORD,
  signIn,
  signInRequest,
} from '../../test/console';
import { openingsListUrl } from '../../test/legacy/openings';
import { openingInput } from '../../test/openings';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

/** Console writes commit with their audit row or not at all (docs/architecture.md, "Data"). */
describe(`console writes and their audit rows (${engine})`, () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp();
    session = await openSession(t, await createUser(t, 'audited.writes@example.com', 'admin'));
  });
  afterAll(() => t.close());

  const write = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
    consoleRequest(t, session, method, url, body);
  const auditCount = async (
    action: 'opening-create' | 'opening-update' | 'token-create' | 'sign-in' | 'sign-out',
  ) => (await t.app.repos.audit.list({ action }, 1, 100)).total;
  const publicCodes = async () =>
    (await t.app.inject({ method: 'GET', url: openingsListUrl, headers: t.headers() })).body;

  it("an opening's creation, edit, closing and reopening are rolled back with a failing audit insert", async () => {
    const db = t.db.handle.db;
    const lost = await withAuditLogAway(db, () =>
      write('POST', '/api/recruiters/jobs', openingInput({ code: 'LOST-1' })),
    );
    expect(lost.statusCode).toBe(500);
    expect(await db.selectFrom('jobs').select('id').where('code', '=', 'LOST-1').execute()).toEqual(
      [],
    );
    expect(await publicCodes()).not.toContain('LOST-1');
    expect(await auditCount('opening-create')).toBe(0);

    const made = await write('POST', '/api/recruiters/jobs', openingInput({ code: 'KEPT-1' }));
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json() as RecruiterOpening;
    // The list read right after the commit already has it: the cache was dropped after it.
    expect(await publicCodes()).toContain('KEPT-1');
    expect(await auditCount('opening-create')).toBe(1);

    for (const change of [{ title: 'Renamed away' }, { isOpen: false }]) {
      const res = await withAuditLogAway(db, () =>
        write('PATCH', `/api/recruiters/jobs/${id}`, change),
      );
      expect(res.statusCode).toBe(500);
    }
    const kept = await t.app.repos.jobs.findById(id);
    expect(kept).toMatchObject({ title: 'Platform Engineer', isOpen: true });
    expect(await publicCodes()).toContain('KEPT-1');

    const closed = await write('PATCH', `/api/recruiters/jobs/${id}`, { isOpen: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await publicCodes()).not.toContain('KEPT-1');
    const reopening = await withAuditLogAway(db, () =>
      write('PATCH', `/api/recruiters/jobs/${id}`, { isOpen: true }),
    );
    expect(reopening.statusCode).toBe(500);
    expect((await t.app.repos.jobs.findById(id))?.isOpen).toBe(false);
    expect(await publicCodes()).not.toContain('KEPT-1');
    expect(await auditCount('opening-update')).toBe(1);
  });

  it("a token's creation is rolled back with a failing audit insert", async () => {
    const lost = await withAuditLogAway(t.db.handle.db, () =>
      write('POST', '/api/recruiters/tokens', { name: 'Lost token' }),
    );
    expect(lost.statusCode).toBe(500);
    expect(await t.db.handle.db.selectFrom('apiTokens').select('name').execute()).toEqual([]);
    expect(await auditCount('token-create')).toBe(0);

    const made = await write('POST', '/api/recruiters/tokens', { name: 'Kept token' });
    expect(made.statusCode, made.body).toBe(201);
    const { token } = made.json() as ApiTokenCreated;
    expect(await t.db.handle.db.selectFrom('apiTokens').select('id').execute()).toEqual([
      { id: token.id },
    ]);
    expect(await auditCount('token-create')).toBe(1);
  });

  it('an erasure, on request or by retention, is rolled back with a failing audit insert', async () => {
    const db = t.db.handle.db;
    const job = await createOpening(t, 'ERASE-1');
    await postApplication(t, job, applicationPayload({ Email: 'kept.whole@example.com' }));
    const applicants = () =>
      db.selectFrom('applicants').select('id').where('jobId', '=', job).execute();
    const erasures = () => t.app.repos.audit.list({ action: 'applicant-erase' }, 1, 100);
    const { applicants: repo } = t.app.repos;

    await withAuditLogAway(db, async () => {
      await expect(
        repo.eraseByEmail('kept.whole@example.com', { label: 'cli' }, new Date()),
      ).rejects.toThrow(/audit_log/);
      await db
        .updateTable('jobs')
        .set({ isOpen: 0, closedAt: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', job)
        .execute();
      await expect(repo.eraseExpired(new Date(), 1)).rejects.toThrow(/audit_log/);
    });
    expect(await applicants()).toHaveLength(1);
    expect((await erasures()).total).toBe(0);

    expect(await repo.eraseExpired(new Date(), 1)).toMatchObject({ applicants: 1 });
    expect(await applicants()).toEqual([]);
    expect((await erasures()).items.map((row) => [row.actor, row.detail])).toEqual([
      ['retention', expect.stringContaining('1 applicant')],
    ]);
  });

  it('a sign-in, a sign-out and a password change are rolled back with a failing audit insert', async () => {
    const db = t.db.handle.db;
    const user = await createUser(t, 'session.writes@example.com', 'recruiter');
    const sessions = () =>
      db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute();

    const refused = await withAuditLogAway(db, () => signInRequest(t, user.email));
    expect(refused.statusCode).toBe(500);
    expect(refused.cookies).toEqual([]);
    expect(await sessions()).toEqual([]);
    expect((await t.app.repos.users.findById(user.id))?.lastSignInAt).toBeNull();
    expect(await auditCount('sign-in')).toBe(0);

    const cookie = await signIn(t, user.email);
    expect(await sessions()).toHaveLength(1);
    const call = (method: 'DELETE' | 'PUT', url: string, body?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: {
          ...consoleHeaders(t, cookie, 'write'),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });

    const password = { currentPassword: PASSWORD, newPassword: 'a different passphrase 42' };
    const changed = await withAuditLogAway(db, () =>
      call('PUT', '/api/recruiters/session/password', password),
    );
    expect(changed.statusCode).toBe(500);
    // The old password and the old session still hold.
    expect((await signInRequest(t, user.email)).statusCode).toBe(200);
    const signedOut = await withAuditLogAway(db, () => call('DELETE', '/api/recruiters/session'));
    expect(signedOut.statusCode).toBe(500);
    expect((await call('DELETE', '/api/recruiters/session')).statusCode).toBe(204);
    expect(await auditCount('sign-out')).toBe(1);
  });
});
