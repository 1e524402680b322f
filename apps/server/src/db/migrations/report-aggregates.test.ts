import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantBeforeMigration, openingBeforeMigration } from '../../test/migration-fixtures';
import { reportAggregatesNow } from '../../test/report-aggregates';
import { createTestDb, engine, type TestDb } from '../../test/test-app';
import { migrateToLatest, migrateUpTo } from '../migrate';

const APPLIED = '2026-02-01T09:15:30.125Z';
const HIRED = '2026-03-04T17:01:02.987Z';

/** 0038-report-aggregates over applicants stored before it: each one counted as the app counts. */
describe(`migration 0038-report-aggregates over existing applicants (${engine})`, () => {
  let testDb: TestDb;
  let jobId: number;
  let reasonId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    testDb = await createTestDb();
    const db = testDb.handle.db;
    await migrateUpTo(db, '0037-sso-identities');
    jobId = await openingBeforeMigration(db, 'AGG-FILL-1');
    reasonId = (
      await sql<{ id: number }>`
        insert into rejection_reasons (label, created_at) values ('Skills', ${APPLIED})
        returning id`.execute(db)
    ).rows[0]!.id;
    const people: [string, string | null, string][] = [
      ['untouched', 'LinkedIn', 'New'],
      ['hired', null, 'Hired'],
      ['rejected', 'LinkedIn', 'Rejected'],
      ['reopened', null, 'Screening'],
    ];
    for (const [n, [name, sourceName, currentStage]] of people.entries()) {
      ids[name] = await applicantBeforeMigration(db, jobId, {
        name,
        n,
        appliedAt: APPLIED,
        currentStage,
        sourceName,
      });
    }
    const row = (applicant: string, stage: string, at: string, reason: number | null = null) => sql`
      insert into applicant_stages (applicant_id, stage, changed_at, rejection_reason_id)
      values (${ids[applicant]}, ${stage}, ${at}, ${reason})`;
    for (const stage of ['Screening', 'Interview', 'Offer']) {
      await row('hired', stage, '2026-02-10T00:00:00.000Z').execute(db);
    }
    await row('hired', 'Hired', HIRED).execute(db);
    await row('rejected', 'Interview', '2026-02-10T00:00:00.000Z').execute(db);
    await row('rejected', 'Rejected', '2026-02-11T00:00:00.000Z', reasonId).execute(db);
    await row('reopened', 'Rejected', '2026-02-11T00:00:00.000Z', reasonId).execute(db);
    await row('reopened', 'Screening', '2026-02-12T00:00:00.000Z').execute(db);
    await migrateToLatest(db);
  });
  afterAll(() => testDb.destroy());

  it('counts each applicant under its day, opening and every opening; the hired with their days', async () => {
    const { kept, counted } = await reportAggregatesNow(testDb.handle.db);
    expect(kept).toEqual(counted);
    const day = APPLIED.slice(0, 10);
    const each = (lines: string[]) =>
      [0, jobId].flatMap((job) => lines.map((l) => `${job} | ${l}`));
    expect(kept.funnel).toEqual(
      each([
        `${day} |  | 1 | 1`,
        `${day} |  | 4 | 1`,
        `${day} | LinkedIn | 0 | 1`,
        `${day} | LinkedIn | 2 | 1`,
      ]).sort(),
    );
    expect(kept.stage).toEqual(
      each([
        `${day} | Hired | 0 | 1`,
        `${day} | New | 0 | 1`,
        `${day} | Rejected | ${reasonId} | 1`,
        `${day} | Screening | 0 | 1`,
      ]).sort(),
    );
    // The same double as the report computes from the two instants.
    const days = (Date.parse(HIRED) - Date.parse(APPLIED)) / 86_400_000;
    expect(kept.hires).toEqual([`${ids.hired} | ${jobId} | ${day} | ${days}`]);
  });
});
