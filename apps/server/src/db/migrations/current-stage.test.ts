import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toApplicantRow } from '../../domains/applications/applicant-row';
import { newApplication } from '../../test/applicants';
import { openingBeforeMigration } from '../../test/migration-fixtures';
import { createTestDb, engine, type TestDb } from '../../test/test-app';
import { migrateToLatest, migrateUpTo } from '../migrate';

/** 0026-current-stage over applicants stored before it: each one's stage from its history. */
describe(`migration 0026-current-stage over existing applicants (${engine})`, () => {
  let testDb: TestDb;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    testDb = await createTestDb();
    const db = testDb.handle.db;
    await migrateUpTo(db, '0024-calendar-mail');
    const jobId = await openingBeforeMigration(db, 'BACKFILL-1');
    const at = new Date('2026-02-01T00:00:00Z');
    for (const [n, name] of ['untouched', 'screened', 'hired', 'movedBack'].entries()) {
      // The row as applying stored it then: without the columns of later migrations.
      const { fields } = newApplication(jobId, { lastName: name, email: `${name}@example.com` }, n);
      const { searchText: _later, ...row } = toApplicantRow(jobId, fields, at);
      ids[name] = (
        await db.insertInto('applicants').values(row).returning('id').executeTakeFirstOrThrow()
      ).id;
    }
    const row = (applicant: string, stage: string, day: number) => sql`
      insert into applicant_stages (applicant_id, stage, changed_at)
      values (${ids[applicant]}, ${stage}, ${`2026-02-${10 + day}T00:00:00.000Z`})`;
    await row('screened', 'Screening', 1).execute(db);
    for (const [day, stage] of ['Screening', 'Interview', 'Offer', 'Hired'].entries()) {
      await row('hired', stage, day).execute(db);
    }
    // Rows written in id order are the history's order, whatever their instants say.
    await row('movedBack', 'Interview', 5).execute(db);
    await row('movedBack', 'Screening', 1).execute(db);
    await migrateToLatest(db);
  });
  afterAll(() => testDb.destroy());

  it("stores each applicant's latest stage row, and New for one without any", async () => {
    const rows = await testDb.handle.db
      .selectFrom('applicants')
      .select(['id', 'currentStage'])
      .execute();
    const stageOf = new Map(rows.map((row) => [row.id, row.currentStage]));
    expect({
      untouched: stageOf.get(ids.untouched!),
      screened: stageOf.get(ids.screened!),
      hired: stageOf.get(ids.hired!),
      movedBack: stageOf.get(ids.movedBack!),
    }).toEqual({ untouched: 'New', screened: 'Screening', hired: 'Hired', movedBack: 'Screening' });
  });
});
