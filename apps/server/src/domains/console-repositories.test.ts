import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../prepare';
import { applicationPayload, createOpening, postApplication } from '../test/legacy/application';
import { withAuditLogAway } from '../test/audit-log-away';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { createRepositories, type Repositories } from '.';
import { EmailInUseError } from './accounts/users-repository';
import { EVERYTHING } from './team/reach';

const at = (iso: string) => new Date(iso);

describe(`console repositories (${engine})`, () => {
  let t: TestApp;
  let repos: Repositories;
  beforeAll(async () => {
    t = await createTestApp();
    await prepareDatabase(t.db.handle, { seedDemoData: false });
    repos = createRepositories(t.db.handle.db);
  });
  afterAll(() => t.close());

  const user = (email: string, name = 'Some One', role: 'admin' | 'recruiter' = 'recruiter') =>
    repos.users.create({ email, name, role, passwordHash: 'scrypt$x' }, at('2026-01-01T00:00:00Z'));

  it('users: e-mail stored lower-cased and unique whatever the case; changes and sign-in time', async () => {
    const made = await user('Mixed.Case@Example.com', 'Mia Case');
    expect(made).toMatchObject({
      email: 'mixed.case@example.com',
      isActive: true,
      lastSignInAt: null,
    });
    await expect(user('MIXED.case@example.com')).rejects.toBeInstanceOf(EmailInUseError);
    expect((await repos.users.findForSignIn(' mixed.CASE@example.com '))?.id).toBe(made.id);
    const changed = await repos.users.update(made.id, { role: 'admin', isActive: false });
    expect(changed).toMatchObject({ role: 'admin', isActive: false });
    await repos.users.recordSignIn(made.id, at('2026-02-03T04:05:06Z'));
    expect((await repos.users.findById(made.id))?.lastSignInAt).toBe('2026-02-03T04:05:06.000Z');
    expect(await repos.users.update(999_999, { name: 'x' })).toBeUndefined();
  });

  it('account settings: each rule its default until set, then as set, by whom and when', async () => {
    expect(await repos.accountSettings.read()).toEqual({
      requireSecondFactor: false,
      passwordSignIn: 'everyone',
      breakGlassUserId: null,
      updatedAt: null,
    });
    const admin = await user('settings.admin@example.com', 'Set Tings', 'admin');
    await repos.changeAccounts((changes) =>
      changes.accountSettings.write(
        { requireSecondFactor: true },
        admin.id,
        at('2026-03-01T00:00:00Z'),
      ),
    );
    await repos.changeAccounts((changes) =>
      changes.accountSettings.write({}, admin.id, at('2026-03-02T00:00:00Z')),
    );
    expect(await repos.accountSettings.read()).toEqual({
      requireSecondFactor: true,
      passwordSignIn: 'everyone',
      breakGlassUserId: null,
      updatedAt: '2026-03-01T00:00:00.000Z',
    });
    // A value stored under other rules (edited by hand) reads as the default.
    await t.db.handle.db
      .updateTable('accountSettings')
      .set({ value: '"yes"' })
      .where('name', '=', 'requireSecondFactor')
      .execute();
    expect((await repos.accountSettings.read()).requireSecondFactor).toBe(false);
    await repos.changeAccounts((changes) =>
      changes.accountSettings.write(
        { requireSecondFactor: false },
        null,
        at('2026-03-03T00:00:00Z'),
      ),
    );
  });

  it('sessions: found with their user, touched, ended one by one or all of a user, expired ones dropped', async () => {
    const a = await user('sessions@example.com');
    const base = {
      userId: a.id,
      createdAt: '2026-03-01T10:00:00.000Z',
      lastSeenAt: '2026-03-01T10:00:00.000Z',
      expiresAt: '2026-03-01T22:00:00.000Z',
    };
    await repos.sessions.create({ ...base, id: 'a'.repeat(64) });
    await repos.sessions.create({ ...base, id: 'b'.repeat(64) });
    await repos.sessions.create({
      ...base,
      id: 'c'.repeat(64),
      lastSeenAt: '2026-03-01T09:00:00.000Z',
    });
    const found = await repos.sessions.find('a'.repeat(64));
    expect(found?.user.email).toBe('sessions@example.com');
    expect(found?.session.expiresAt).toBe(base.expiresAt);
    await repos.sessions.touch('a'.repeat(64), at('2026-03-01T10:10:00Z'));
    expect((await repos.sessions.find('a'.repeat(64)))?.session.lastSeenAt).toBe(
      '2026-03-01T10:10:00.000Z',
    );
    // Idle since before 09:30: session c goes, a and b stay.
    await repos.sessions.deleteExpired(at('2026-03-01T10:00:00Z'), at('2026-03-01T09:30:00Z'));
    expect(await repos.sessions.find('c'.repeat(64))).toBeUndefined();
    expect(await repos.sessions.deleteForUser(a.id)).toBe(2);
    expect(await repos.sessions.find('a'.repeat(64))).toBeUndefined();
  });

  it('audit: append-only rows, newest first, filtered by action, actor words and dates, paged', async () => {
    const alice = await user('alice.audit@example.com', 'Alice Auditor');
    for (let i = 0; i < 5; i++) {
      await repos.audit.record(
        { actor: { userId: alice.id }, action: 'applicant-stage', target: `applicant ${i}` },
        at(`2026-04-0${i + 1}T12:00:00Z`),
      );
    }
    await repos.audit.record(
      { actor: { label: 'token' }, action: 'token-call', target: 'GET /api/admin/jobs' },
      at('2026-04-03T12:00:00Z'),
    );
    const page1 = await repos.audit.list({ actor: 'alice' }, 1, 2);
    expect(page1.total).toBe(5);
    expect(page1.items.map((r) => r.target)).toEqual(['applicant 4', 'applicant 3']);
    expect(page1.items[0]).toMatchObject({
      actor: 'Alice Auditor',
      actorEmail: 'alice.audit@example.com',
    });
    const page3 = await repos.audit.list({ actor: 'ALICE auditor' }, 3, 2);
    expect(page3.items.map((r) => r.target)).toEqual(['applicant 0']);
    const window = await repos.audit.list(
      { from: '2026-04-02T00:00:00.000Z', to: '2026-04-03T23:59:59.999Z' },
      1,
      10,
    );
    expect(window.items.map((r) => r.target)).toEqual([
      'GET /api/admin/jobs',
      'applicant 2',
      'applicant 1',
    ]);
    const token = await repos.audit.list({ action: 'token-call', actor: 'token' }, 1, 10);
    expect(token.items).toEqual([expect.objectContaining({ actor: 'token', actorEmail: null })]);
    // A % or _ in the words is a character, not a wildcard.
    expect((await repos.audit.list({ actor: '%' }, 1, 10)).total).toBe(0);
    // Append-only: it records and reads, and has nothing that changes or removes a row.
    expect(Object.keys(repos.audit)).toEqual(['record', 'existingTargets', 'list']);
  });

  it('pipeline: no stage row is New; changes, notes, search by opening, stage and words; erased with the applicant', async () => {
    const jobA = await createOpening(t, 'PIPE-A');
    const jobB = await createOpening(t, 'PIPE-B');
    const ids: number[] = [];
    for (const [job, first, email] of [
      [jobA, 'Ana', 'ana.pipe@example.com'],
      [jobA, 'Bea', 'bea_pipe@example.com'],
      [jobB, 'Cy', 'cy.pipe@example.com'],
    ] as const) {
      const res = await postApplication(
        t,
        job,
        applicationPayload({ FirstName: first, Email: email }),
      );
      ids.push((res.json() as { ApplicantID: number }).ApplicantID);
    }
    const [ana, bea, cy] = ids as [number, number, number];
    const reviewer = await user('pipe.reviewer@example.com', 'Pat Reviewer');
    expect((await repos.pipeline.find(ana, EVERYTHING))?.stage).toBe('New');
    expect(await repos.pipeline.newCounts()).toEqual(
      new Map([
        [jobA, 2],
        [jobB, 1],
      ]),
    );

    await repos.pipeline.setStage(ana, 'Screening', reviewer.id, at('2026-05-01T10:00:00Z'));
    await repos.pipeline.setStage(ana, 'Interview', reviewer.id, at('2026-05-02T10:00:00Z'));
    await repos.pipeline.setStage(cy, 'Rejected', null, at('2026-05-02T11:00:00Z'));
    expect(await repos.pipeline.stageHistory(ana)).toEqual([
      { stage: 'Interview', changedBy: 'Pat Reviewer', changedAt: '2026-05-02T10:00:00.000Z' },
      { stage: 'Screening', changedBy: 'Pat Reviewer', changedAt: '2026-05-01T10:00:00.000Z' },
    ]);
    expect((await repos.pipeline.stageHistory(cy))[0]?.changedBy).toBeNull();
    expect(await repos.pipeline.newCounts()).toEqual(new Map([[jobA, 1]]));

    const search = async (
      filter: Omit<Parameters<Repositories['pipeline']['search']>[0], 'reach'>,
    ) =>
      (await repos.pipeline.search({ ...filter, reach: EVERYTHING }, 1, 50)).items.map(
        (a) => a.applicantId,
      );
    expect(await search({ jobId: jobA })).toEqual([bea, ana]);
    expect(await search({ stage: 'New' })).toEqual([bea]);
    expect(await search({ stage: 'Interview', q: 'ANA' })).toEqual([ana]);
    expect(await search({ q: 'Opening PIPE-B' })).toEqual([cy]);
    expect(await search({ q: '_pipe' })).toEqual([bea]);
    expect(await search({ q: '%' })).toEqual([]);
    const paged = await repos.pipeline.search({ q: 'pipe', reach: EVERYTHING }, 2, 2);
    expect(paged).toMatchObject({
      total: 3,
      items: [expect.objectContaining({ applicantId: ana })],
    });
    expect(
      (await repos.pipeline.all({ jobId: jobA, reach: EVERYTHING })).map((a) => a.applicantId),
    ).toEqual([ana, bea]);

    await repos.pipeline.addNote(ana, reviewer.id, 'First note', at('2026-05-03T10:00:00Z'));
    await repos.pipeline.addNote(ana, reviewer.id, 'Second note', at('2026-05-03T11:00:00Z'));
    expect((await repos.pipeline.notes(ana)).map((n) => [n.author, n.text])).toEqual([
      ['Pat Reviewer', 'First note'],
      ['Pat Reviewer', 'Second note'],
    ]);

    // Erasing an applicant (request or retention) takes stage rows and notes along (CASCADE).
    await t.db.handle.db.deleteFrom('applicants').where('id', '=', ana).execute();
    expect(await repos.pipeline.stageHistory(ana)).toEqual([]);
    expect(await repos.pipeline.notes(ana)).toEqual([]);
    expect(await repos.pipeline.find(ana, EVERYTHING)).toBeUndefined();
  });

  it('sign-in failures: counted per key within the window, released, cleared, pruned', async () => {
    const repo = repos.signInThrottle;
    const count = (key: string, since: string) =>
      repo.exclusive([key], (scoped) => scoped.count(key, at(since)));
    const record = (keys: string[], when: string) =>
      repo.exclusive(keys, (scoped) => scoped.record(keys, at(when)));
    await record(['account:x', 'client:1'], '2026-06-01T10:00:00Z');
    await record(['account:x', 'client:1'], '2026-06-01T10:05:00Z');
    const third = await record(['client:1'], '2026-06-01T10:06:00Z');
    const released = await record(['client:1'], '2026-06-01T10:07:00Z');
    await repo.release(released);
    expect(await count('account:x', '2026-06-01T09:50:00Z')).toEqual({
      failures: 2,
      oldest: '2026-06-01T10:00:00.000Z',
    });
    expect((await count('account:x', '2026-06-01T10:01:00Z')).failures).toBe(1);
    expect((await count('client:1', '2026-06-01T09:00:00Z')).failures).toBe(3);
    expect(third).toHaveLength(1);
    await repo.clear('account:x');
    expect((await count('account:x', '2026-06-01T09:00:00Z')).failures).toBe(0);
    await repo.prune(at('2026-06-01T10:05:30Z'));
    expect(await count('client:1', '2026-06-01T09:00:00Z')).toEqual({
      failures: 1,
      oldest: '2026-06-01T10:06:00.000Z',
    });
  });

  it('account changes: a failing audit insert rolls back the deactivation and the sessions it ended', async () => {
    const user = await repos.users.create(
      { email: 'kept@example.com', name: 'Kept Active', role: 'recruiter', passwordHash: 'x' },
      at('2026-01-01T00:00:00Z'),
    );
    const session = 's'.repeat(64);
    await repos.sessions.create({
      id: session,
      userId: user.id,
      createdAt: '2026-03-01T10:00:00.000Z',
      lastSeenAt: '2026-03-01T10:00:00.000Z',
      expiresAt: '2099-03-01T22:00:00.000Z',
    });
    const deactivate = () =>
      repos.changeAccounts(async (tx) => {
        await tx.users.update(user.id, { isActive: false });
        await tx.sessions.deleteForUser(user.id);
        await tx.audit.record(
          { actor: { label: 'cli' }, action: 'user-update', target: `user ${user.id}` },
          at('2026-03-02T10:00:00Z'),
        );
      });

    const db = t.db.handle.db;
    await withAuditLogAway(db, () => expect(deactivate()).rejects.toThrow(/audit_log/));
    expect((await repos.users.findById(user.id))?.isActive).toBe(true);
    expect((await repos.sessions.find(session))?.user.id).toBe(user.id);

    await deactivate();
    expect((await repos.users.findById(user.id))?.isActive).toBe(false);
    expect(await repos.sessions.find(session)).toBeUndefined();
    expect((await repos.audit.list({ action: 'user-update' }, 1, 10)).items).toHaveLength(1);
  });
});
