import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantBeforeMigration, openingBeforeMigration } from '../../test/migration-fixtures';
import { reportAggregatesNow } from '../../test/report-aggregates';
import { createTestDb, engine, type TestDb } from '../../test/test-app';
import { migrateToLatest, migrateUpTo } from '../migrate';

const APPLIED = '2026-02-01T09:15:30.125Z';
const SCREENED = '2026-02-03T21:40:00.007Z';
const HIRED = '2026-02-10T08:00:00.999Z';
const TENTH = 8_640_000;

/** 0041-report-stays over histories stored before it: each finished stay, exactly. */
describe(`migration 0041-report-stays over existing histories (${engine})`, () => {
  let testDb: TestDb;
  let jobId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    testDb = await createTestDb();
    const db = testDb.handle.db;
    await migrateUpTo(db, '0040-api-token-methods');
    jobId = await openingBeforeMigration(db, 'STAYS-FILL-1');
    const people: [string, string][] = [
      ['untouched', 'New'],
      ['hired', 'Hired'],
      ['movedBack', 'Screening'],
    ];
    for (const [n, [name, currentStage]] of people.entries()) {
      ids[name] = await applicantBeforeMigration(db, jobId, {
        name,
        n,
        appliedAt: APPLIED,
        currentStage,
      });
    }
    const row = (applicant: string, stage: string, at: string) => sql`
      insert into applicant_stages (applicant_id, stage, changed_at)
      values (${ids[applicant]}, ${stage}, ${at})`;
    await row('hired', 'Screening', SCREENED).execute(db);
    await row('hired', 'Hired', HIRED).execute(db);
    // Rows written in id order are the history's order, whatever their instants say.
    await row('movedBack', 'Interview', HIRED).execute(db);
    await row('movedBack', 'Screening', SCREENED).execute(db);
    await migrateToLatest(db);
  });
  afterAll(() => testDb.destroy());

  it('keeps each finished stay to the millisecond, and counts them per tenth of a day', async () => {
    const { kept, counted } = await reportAggregatesNow(testDb.handle.db);
    expect(kept.stays).toEqual(counted.stays);
    expect(kept.stayDays).toEqual(counted.stayDays);
    expect(kept.stayMonths).toEqual(counted.stayMonths);
    const day = APPLIED.slice(0, 10);
    const ms = (from: string, to: string) => Date.parse(to) - Date.parse(from);
    const stays: [string, string, number][] = [
      ['hired', 'New', ms(APPLIED, SCREENED)],
      ['hired', 'Screening', ms(SCREENED, HIRED)],
      ['movedBack', 'New', ms(APPLIED, HIRED)],
      ['movedBack', 'Interview', ms(HIRED, SCREENED)],
    ];
    const rows = await testDb.handle.db
      .selectFrom('reportStays')
      .select(['applicantId', 'jobId', 'day', 'stage', 'tenths', 'ms'])
      .orderBy('applicantId')
      .orderBy('endedBy')
      .execute();
    expect(rows.map((r) => ({ ...r, ms: Number(r.ms) }))).toEqual(
      stays.map(([name, stage, length]) => ({
        applicantId: ids[name],
        jobId,
        day,
        stage,
        tenths: Math.floor(length / TENTH),
        ms: length,
      })),
    );
    // The stay back in time is below zero, its tenth rounded down.
    expect(rows[3]!.tenths).toBeLessThan(0);
    expect(kept.stayDays).toHaveLength(8);
    // All applied in one month: its rows are the days' under the month's first day.
    expect(kept.stayMonths).toEqual(kept.stayDays.map((line) => line.replace(day, '2026-02-01')));
  });
});
