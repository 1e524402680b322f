import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../prepare';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { createRepositories, type Repositories } from '.';

const at = (iso: string) => new Date(iso);

describe(`account changes with their audit row (${engine})`, () => {
  let t: TestApp;
  let repos: Repositories;
  beforeAll(async () => {
    t = await createTestApp();
    await prepareDatabase(t.db.handle, { seedDemoData: false });
    repos = createRepositories(t.db.handle.db);
  });
  afterAll(() => t.close());

  it('a failing audit insert rolls back the deactivation and the sessions it ended', async () => {
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
    await sql`alter table audit_log rename to audit_log_away`.execute(db);
    try {
      await expect(deactivate()).rejects.toThrow(/audit_log/);
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(db);
    }
    expect((await repos.users.findById(user.id))?.isActive).toBe(true);
    expect((await repos.sessions.find(session))?.user.id).toBe(user.id);

    await deactivate();
    expect((await repos.users.findById(user.id))?.isActive).toBe(false);
    expect(await repos.sessions.find(session)).toBeUndefined();
    expect((await repos.audit.list({ action: 'user-update' }, 1, 10)).items).toHaveLength(1);
  });
});
