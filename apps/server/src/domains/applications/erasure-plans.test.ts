import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { fullScansOf } from '../../test/query-plans';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { confirmationOnly, newApplication } from '../../test/applicants';
import { createOpening } from '../../test/legacy/application';
import { createRepositories } from '..';
import { erasureRepository } from './erasure-repository';
import { issueApplicantLink } from './applicant-links';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;

describe(`erasure's statements use indexes (${engine})`, () => {
  let t: TestApp;
  let repos: ReturnType<typeof createRepositories>;
  let jobId: number;
  let size = 1000;

  beforeAll(async () => {
    t = await createTestApp();
    repos = createRepositories(t.db.handle.db);
    jobId = await createOpening(t, 'PLAN-1');
  });
  afterAll(() => t.close());

  async function applicant(email: string): Promise<number> {
    const stored = await repos.applicants.create(
      { ...newApplication(jobId, { email }, (size += 1)), mail: confirmationOnly(jobId) },
      NOW,
    );
    return stored.applicantId;
  }

  /** The full scans of the statements `erase` runs: none, when every one found an index. */
  async function scansOf(erase: (db: Db) => Promise<unknown>) {
    const { statements, scans } = await fullScansOf(t.db.handle.db, erase);
    // The recording saw the erasure's reads and deletes, not nothing.
    expect(statements).toBeGreaterThan(5);
    return scans;
  }

  it('erases by e-mail address through indexes only (applicants, their rows, alerts)', async () => {
    await applicant('Plan.Person@Example.com');
    await applicant('plan.person@example.com');
    await t.db.handle.db
      .insertInto('jobAlerts')
      .values({
        email: 'Plan.Person@example.com',
        frequency: 'weekly',
        createdAt: NOW.toISOString(),
      })
      .execute();
    const scans = await scansOf((db) =>
      erasureRepository(db).eraseByEmail('plan.person@EXAMPLE.com', { label: 'cli' }, NOW),
    );
    expect(scans).toEqual({});
  });

  it("erases by the applicant's own link through indexes only", async () => {
    const id = await applicant('linked.person@example.com');
    const token = await issueApplicantLink(t.db.handle.db, id, 'erase', NOW);
    const scans = await scansOf((db) => erasureRepository(db).eraseByLink(token, NOW));
    expect(scans).toEqual({});
  });

  it('erases expired applicants (the retention run) through indexes only', async () => {
    const closed = await createOpening(t, 'PLAN-CLOSED');
    await repos.applicants.create(
      { ...newApplication(closed, {}, (size += 1)), mail: confirmationOnly(closed) },
      NOW,
    );
    await repos.jobs.update(closed, { isOpen: false }, new Date(NOW.getTime() - 400 * DAY));
    const scans = await scansOf((db) => erasureRepository(db).eraseExpired(NOW, 365));
    expect(scans).toEqual({});
  });
});
