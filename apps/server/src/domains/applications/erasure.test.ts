import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationPayload, createOpening, postApplication } from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { createRepositories } from '..';
import { createRetention, RETENTION_LEASE } from '../../plugins/retention';
import { EVERYTHING } from '../team/reach';

const DAY = 86_400_000;
/** The fixed clock of these tests: retention counts back from it. */
const NOW = new Date('2026-06-01T12:00:00.000Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY);

describe(`retention and erasure (${engine})`, () => {
  let t: TestApp;
  let repos: ReturnType<typeof createRepositories>;
  beforeAll(async () => {
    t = await createTestApp({ APPLICANT_RETENTION_DAYS: '365' });
    repos = createRepositories(t.db.handle.db);
  });
  afterAll(() => t.close());

  /** Posts an application and answers its applicant's id. */
  async function apply(jobId: number, email: string, resume = 'resume'): Promise<number> {
    const res = await postApplication(
      t,
      jobId,
      applicationPayload({ Email: email }, { name: `${resume}.pdf` }),
    );
    expect(res.statusCode).toBe(201);
    const list = await repos.pipeline.all({ jobId, reach: EVERYTHING });
    return list.find((a) => a.email === email)!.applicantId;
  }

  /** What is stored about these applicants: rows, resumes, submit keys, queued mail. */
  async function traces(ids: number[]) {
    const db = t.db.handle.db;
    const count = async (
      table: 'applicants' | 'attachments' | 'applicationSubmits' | 'mailQueue',
    ) => {
      const column = table === 'applicants' ? 'id' : 'applicantId';
      const rows = await db.selectFrom(table).select(column).where(column, 'in', ids).execute();
      return rows.length;
    };
    return {
      applicants: await count('applicants'),
      resumes: await count('attachments'),
      submitKeys: await count('applicationSubmits'),
      mails: await count('mailQueue'),
    };
  }

  it('erases exactly the applicants whose opening closed more than the period ago', async () => {
    const long = await createOpening(t, 'RET-LONG');
    const recent = await createOpening(t, 'RET-RECENT');
    const edge = await createOpening(t, 'RET-EDGE');
    const reopened = await createOpening(t, 'RET-REOPENED');
    const open = await createOpening(t, 'RET-OPEN');
    const expired = [
      await apply(long, 'old.one@example.com'),
      await apply(long, 'old.two@example.com'),
    ];
    const kept = [
      await apply(recent, 'recent@example.com'),
      await apply(edge, 'edge@example.com'),
      await apply(reopened, 'reopened@example.com'),
      await apply(open, 'open@example.com'),
    ];
    await repos.jobs.update(long, { isOpen: false }, daysBefore(400));
    await repos.jobs.update(recent, { isOpen: false }, daysBefore(100));
    // One day short of the period: kept until tomorrow.
    await repos.jobs.update(edge, { isOpen: false }, daysBefore(364));
    await repos.jobs.update(reopened, { isOpen: false }, daysBefore(500));
    await repos.jobs.update(reopened, { isOpen: true }, daysBefore(10));

    const before = await traces(expired);
    expect(before).toMatchObject({ applicants: 2, resumes: 2, submitKeys: 2 });
    expect(before.mails).toBeGreaterThan(0);
    const keptBefore = await traces(kept);

    const erased = await t.app.retention.runOnce(NOW);
    expect(erased).toEqual({ applicants: 2, resumes: 2, mails: before.mails });
    expect(await traces(expired)).toEqual({ applicants: 0, resumes: 0, submitKeys: 0, mails: 0 });
    expect(await traces(kept)).toEqual(keptBefore);
    expect(await repos.pipeline.all({ jobId: long, reach: EVERYTHING })).toEqual([]);
    // The opening itself stays, for the recruiters' records.
    expect(await repos.jobs.findById(long)).toMatchObject({ code: 'RET-LONG', applicants: 0 });

    // A day later the edge opening's applicant goes too, and nothing else.
    const tomorrow = new Date(NOW.getTime() + 2 * DAY);
    expect(await t.app.retention.runOnce(tomorrow)).toMatchObject({ applicants: 1, resumes: 1 });
    expect((await traces(kept)).applicants).toBe(3);
    expect(await t.app.retention.runOnce(tomorrow)).toEqual({
      applicants: 0,
      resumes: 0,
      mails: 0,
    });
  });

  it('runs on one node at a time: another holder of the lease keeps it from running', async () => {
    const job = await createOpening(t, 'RET-LEASE');
    await apply(job, 'leased@example.com');
    await repos.jobs.update(job, { isOpen: false }, daysBefore(400));
    // After the first test's runs (the clock only moves forward).
    const start = new Date(NOW.getTime() + 3 * DAY);
    expect(await repos.leases.claim(RETENTION_LEASE, 'other-node', start, 60_000)).toBe(true);
    expect(await t.app.retention.runOnce(start)).toBeUndefined();
    expect(await repos.pipeline.all({ jobId: job, reach: EVERYTHING })).toHaveLength(1);
    // The other node's lease ran out (it died mid-run): this node takes over.
    const later = new Date(start.getTime() + 61_000);
    expect(await t.app.retention.runOnce(later)).toMatchObject({ applicants: 1 });
    // Released after the run: the other node may run next time.
    expect(await repos.leases.claim(RETENTION_LEASE, 'other-node', later, 60_000)).toBe(true);
    await repos.leases.release(RETENTION_LEASE, 'other-node', later);
  });

  it('erases everything about one e-mail address, whatever its case, and counts it', async () => {
    const first = await createOpening(t, 'ERA-1');
    const second = await createOpening(t, 'ERA-2');
    const hers = [
      await apply(first, 'Maria.Santos@Example.com'),
      await apply(second, 'maria.santos@example.com'),
    ];
    const other = await apply(first, 'someone.else@example.com');
    const before = await traces(hers);
    const otherBefore = await traces([other]);

    const result = await repos.applicants.eraseByEmail(
      '  MARIA.SANTOS@example.COM ',
      { label: 'cli' },
      new Date(),
    );
    expect(result).toEqual({ applicants: 2, resumes: 2, mails: before.mails });
    expect(before.mails).toBeGreaterThan(0);
    expect(await traces(hers)).toEqual({ applicants: 0, resumes: 0, submitKeys: 0, mails: 0 });
    expect(await traces([other])).toEqual(otherBefore);
    expect(
      await repos.applicants.eraseByEmail('maria.santos@example.com', { label: 'cli' }, new Date()),
    ).toEqual({
      applicants: 0,
      resumes: 0,
      mails: 0,
    });
    // Her submit keys went too: sending the same resume again is a new application.
    const again = await postApplication(
      t,
      first,
      applicationPayload({ Email: 'maria.santos@example.com' }, { name: 'resume.pdf' }),
    );
    expect(again.statusCode).toBe(201);
    expect(await repos.pipeline.all({ jobId: first, reach: EVERYTHING })).toHaveLength(2);
  });

  it('erases a backlog in batches of its batch size, each its own audited transaction', async () => {
    const job = await createOpening(t, 'RET-BATCHES');
    const backlog: number[] = [];
    for (let i = 0; i < 5; i++) backlog.push(await apply(job, `batch.${i}@example.com`, `r${i}`));
    await repos.jobs.update(job, { isOpen: false }, daysBefore(400));
    // After the other tests' runs (the clock only moves forward), with nothing else expired.
    const at = new Date(NOW.getTime() + 5 * DAY);
    const before = await traces(backlog);
    const erasures = () =>
      t.db.handle.db
        .selectFrom('auditLog')
        .select(['id', 'detail', 'actorLabel'])
        .where('action', '=', 'applicant-erase')
        .orderBy('id')
        .execute();
    const earlier = (await erasures()).length;
    const audited = async () =>
      (await erasures())
        .slice(earlier)
        .map((row) => `${row.actorLabel}: ${row.detail?.split(',')[0]}`);

    const run = createRetention({ repos, retentionDays: 365, batchSize: 2 });
    expect(await run.runOnce(at)).toEqual({ applicants: 5, resumes: 5, mails: before.mails });
    expect(await traces(backlog)).toEqual({ applicants: 0, resumes: 0, submitKeys: 0, mails: 0 });
    // One audit row per transaction: three batches, none larger than two.
    expect(await audited()).toEqual([
      'retention: 2 applicants',
      'retention: 2 applicants',
      'retention: 1 applicant',
    ]);
  });
});
