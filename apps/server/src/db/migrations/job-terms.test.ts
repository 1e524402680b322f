import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../domains';
import { createTestDb, engine, type TestDb } from '../../test/test-app';
import { migrateToLatest, migrateUpTo } from '../migrate';

/** 0005-job-terms over openings stored before it: each gets sensible terms. */
describe(`migration 0005-job-terms over existing openings (${engine})`, () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
    const db = testDb.handle.db;
    await migrateUpTo(db, '0003-mail-queue');
    const at = '2026-01-10T09:00:00.000Z';
    const row = (code: string, location: string, isOpen: number) => sql`
      insert into jobs (code, title, location, description_html, effective_from,
        recruitment_managers, contact_persons, contact_emails, is_open, created_at, updated_at)
      values (${code}, ${`Role ${code}`}, ${location}, '<p>x</p>', ${at}, 'A', 'A',
        'a@example.com', ${isOpen}, ${at}, ${at})`;
    await row('LTP-GW-1042', 'Chicago, Illinois, USA (hybrid)', 1).execute(db);
    await row('LTP-CCM-6032', 'Remote, USA', 1).execute(db);
    await row('OWN-1', 'Pune, India', 1).execute(db);
    await row('OWN-2', 'Remote, Philippines', 1).execute(db);
    await row('OWN-3', 'Austin, Texas, USA (Hybrid)', 0).execute(db);
    await migrateToLatest(db);
  });
  afterAll(() => testDb.destroy());

  const job = async (code: string) => {
    const repos = createRepositories(testDb.handle.db);
    const all = await repos.jobs.listAll();
    return all.find((j) => j.code === code)!;
  };

  it('gives the demo openings their realistic ranges and workplaces', async () => {
    expect(await job('LTP-GW-1042')).toMatchObject({
      employmentType: 'FULL_TIME',
      workplaceType: 'HYBRID',
      payMin: 115_000,
      payMax: 145_000,
      payCurrency: 'USD',
      payPeriod: 'YEAR',
    });
    expect(await job('LTP-CCM-6032')).toMatchObject({
      workplaceType: 'REMOTE',
      payCurrency: 'USD',
    });
  });

  it('others: full time, remote or hybrid when the place says so, no range; closed ones closed', async () => {
    expect(await job('OWN-1')).toMatchObject({
      employmentType: 'FULL_TIME',
      workplaceType: 'ONSITE',
      payMin: null,
      payMax: null,
      payCurrency: null,
      payPeriod: null,
      closedAt: null,
    });
    expect((await job('OWN-2')).workplaceType).toBe('REMOTE');
    expect(await job('OWN-3')).toMatchObject({
      workplaceType: 'HYBRID',
      isOpen: false,
      closedAt: '2026-01-10T09:00:00.000Z',
    });
  });
});
