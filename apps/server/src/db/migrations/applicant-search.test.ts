import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../domains';
import { toApplicantRow } from '../../domains/applications/applicant-row';
import { EVERYTHING } from '../../domains/team/reach';
import { newApplication } from '../../test/applicants';
import { openingBeforeMigration } from '../../test/migration-fixtures';
import { createTestDb, engine, type TestDb } from '../../test/test-app';
import { migrateToLatest, migrateUpTo } from '../migrate';

/** 0027-applicant-search over applicants stored before it: each one found by the search. */
describe(`migration 0027-applicant-search over existing applicants (${engine})`, () => {
  let testDb: TestDb;
  const ids: number[] = [];

  beforeAll(async () => {
    testDb = await createTestDb();
    const db = testDb.handle.db;
    await migrateUpTo(db, '0026-current-stage');
    const jobId = await openingBeforeMigration(db, 'BACKFILL-2');
    const at = new Date('2026-02-01T00:00:00Z');
    // More than one round of the backfill.
    for (let n = 0; n < 503; n++) {
      const { fields } = newApplication(jobId, {
        firstName: n === 0 ? 'Renée' : 'Ana',
        lastName: `Old${n}`,
        email: `old.${n}@example.com`,
      });
      // The row as applying stored it then: without the column this migration adds.
      const { searchText: _later, ...row } = toApplicantRow(jobId, fields, at);
      ids.push(
        (await db.insertInto('applicants').values(row).returning('id').executeTakeFirstOrThrow())
          .id,
      );
    }
    // The list reads applicants with their resume.
    await db
      .insertInto('attachments')
      .values(
        ids.map((applicantId, n) => ({
          id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
          applicantId,
          originalName: 'cv.pdf',
          kind: 'pdf',
          mimeType: 'application/pdf',
          sizeBytes: 1,
          sha256: 'x',
          content: Buffer.from('x'),
          createdAt: at.toISOString(),
        })),
      )
      .execute();
    await migrateToLatest(db);
  });
  afterAll(() => testDb.destroy());

  const found = async (q: string) =>
    (
      await createRepositories(testDb.handle.db).pipeline.search({ q, reach: EVERYTHING }, 1, 50)
    ).items.map((a) => a.applicantId);

  it('gives every applicant their search text, found through the index', async () => {
    expect(await found('renee')).toEqual([ids[0]]);
    expect(await found('Renée old.0@')).toEqual([ids[0]]);
    expect(await found('old.502@exa')).toEqual([ids[502]]);
    // Old50 and Old500 to Old502.
    expect(await found('ld50')).toHaveLength(4);
  });
});
