import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db';
import type { Db } from '../../db/database';
import type { AnyDb } from '../../db/migrations/dialect';
import { fillReportAggregates } from '../../db/migrations/0038-report-aggregates';
import { fillReportStays } from '../../db/migrations/0041-report-stays';
import { newApplication } from '../../test/applicants';
import { createUser } from '../../test/console';
import { createOpening } from '../../test/legacy/application';
import { fullScansOf, recording } from '../../test/query-plans';
import { reportAggregatesNow } from '../../test/report-aggregates';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { putOnTeam } from '../../test/hiring';
import { FORWARD, random, stagePath, type NextStages } from '../../test/seeded-history';
import { erasureRepository } from '../applications/erasure-repository';
import { createRepositories } from '..';
import type { Reach } from '../team/reach';
import { reportRange, reportsRepository, splitByMonths } from './reports-repository';

const RUNS = 20;
const HOUR = 3_600_000;

/**
 * The report aggregates (applications/report-aggregates.ts) under erasure, concurrent changes
 * and their plans; current-stage.test.ts checks them after every other kind of change.
 */
describe(`the report aggregates (${engine})`, () => {
  let t: TestApp;
  let userId: number;
  let jobId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    userId = (await createUser(t, 'aggregates@example.com')).id;
    jobId = await createOpening(t, 'AGG-1');
  });
  afterAll(() => t.close());

  const db = (): Db => t.db.handle.db;
  const apply = async (email = `aggregates.${seq}@example.com`) =>
    (
      await t.app.repos.applicants.create(
        newApplication(jobId, { lastName: `Agg${seq}`, email }, 5000 + seq++),
        new Date(),
      )
    ).applicantId;
  const inStep = async (label: string) => {
    const aggregates = await reportAggregatesNow(db());
    expect(aggregates.kept, label).toEqual(aggregates.counted);
    expect(aggregates.kept.funnel.length, label).toBeGreaterThan(0);
  };

  it('an erasure takes the erased out of the counts; the fill counts what the writers kept', async () => {
    const kept = await apply('kept@example.com');
    const erased = await apply('erased@example.com');
    for (const id of [kept, erased]) {
      await t.app.repos.pipeline.moveStage(id, 'Screening', userId, new Date());
    }
    for (const stage of ['Interview', 'Offer', 'Hired'] as const) {
      await t.app.repos.pipeline.moveStage(kept, stage, userId, new Date());
    }
    await t.app.repos.pipeline.moveStage(erased, 'Rejected', userId, new Date());
    await inStep('before the erasure');
    const erasure = erasureRepository(db());
    expect(
      (await erasure.eraseByEmail('erased@example.com', { label: 'cli' }, new Date())).applicants,
    ).toBe(1);
    await inStep('after the erasure');
    // The one hired now, with their days to hire.
    expect((await reportAggregatesNow(db())).kept.hires).toHaveLength(1);

    // Counted afresh (as the migration does over existing data): the same rows as kept.
    const before = await reportAggregatesNow(db());
    await db().deleteFrom('reportFunnelDays').execute();
    await db().deleteFrom('reportStageDays').execute();
    await db().deleteFrom('reportHires').execute();
    await db().deleteFrom('reportStayDays').execute();
    await db().deleteFrom('reportStayMonths').execute();
    await db().deleteFrom('reportStays').execute();
    await fillReportAggregates(db() as unknown as AnyDb);
    await fillReportStays(db() as unknown as AnyDb);
    expect((await reportAggregatesNow(db())).kept).toEqual(before.kept);
  });

  it('the reports read the aggregates through their key, and a stage change finds its rows through indexes', async () => {
    const manager = (await createUser(t, 'agg.manager@example.com', 'hiring_manager')).id;
    await putOnTeam(t, jobId, manager, 'hiring_manager');
    const reports = reportsRepository(db());
    const today = new Date().toISOString().slice(0, 10);
    for (const [reach, query] of [
      [{ kind: 'all' }, { from: '2025-01-01', to: today }],
      [{ kind: 'all' }, { from: '2025-01-01', to: today, jobId }],
      [{ kind: 'all' }, { from: '2025-01-15', to: today }],
      [
        { kind: 'openings', userId: manager },
        { from: '2025-01-01', to: today },
      ],
    ] as const) {
      const { scans, statements } = await fullScansOf(db(), async (recorded) => {
        const recordedReports = reportsRepository(recorded);
        const filter = await recordedReports.filter(reportRange(query, new Date()), reach);
        await recordedReports.passThrough(filter, reach);
        await recordedReports.sources(filter, reach);
        await recordedReports.rejectionReasons(filter, reach);
        await recordedReports.timeToHire(filter, reach);
        await recordedReports.timeInStage(filter, reach);
      });
      expect(statements).toBeGreaterThanOrEqual(3);
      expect(scans, JSON.stringify(reach)).toEqual({});
      expect((await reports.filter(reportRange(query, new Date()), reach)).applicants).toBe(1);
      // Time in stage reads its counts and the middle stays, never the histories.
      const { db: recorded, seen } = recording(db());
      const filter = await reports.filter(reportRange(query, new Date()), reach);
      const report = await reportsRepository(recorded).timeInStage(filter, reach);
      expect(report.stages.find((s) => s.stage === 'Offer')?.stays).toBe(1);
      const read = seen.map((statement) => statement.sql).join('\n');
      // Whole months from their own rows, a broken month's days from theirs.
      expect(read).toContain('"report_stay_months"');
      if (query.from.endsWith('-15')) expect(read).toContain('"report_stay_days"');
      expect(read).toContain('"report_stays"');
      expect(read).not.toContain('applicant_stages');
      expect(read).not.toContain('"applicants"');
    }
    const id = await apply();
    const { scans } = await fullScansOf(db(), (recorded) =>
      createRepositories(recorded).pipeline.moveStage(id, 'Interview', userId, new Date()),
    );
    expect(scans).toEqual({});
  });

  it('a range is its whole months and the days of its broken months', () => {
    expect(splitByMonths('2024-03-01', '2024-03-31')).toEqual({
      months: ['2024-03-01', '2024-03-01'],
      days: [],
    });
    expect(splitByMonths('2024-03-05', '2024-03-17')).toEqual({
      months: null,
      days: [['2024-03-05', '2024-03-17']],
    });
    expect(splitByMonths('2023-12-15', '2024-04-10')).toEqual({
      months: ['2024-01-01', '2024-03-01'],
      days: [
        ['2023-12-15', '2023-12-31'],
        ['2024-04-01', '2024-04-10'],
      ],
    });
    // February's last day in a leap year and not, and the last month there is.
    expect(splitByMonths('2024-02-01', '2024-02-29').months).toEqual(['2024-02-01', '2024-02-01']);
    expect(splitByMonths('2100-02-01', '2100-02-28').months).toEqual(['2100-02-01', '2100-02-01']);
    expect(splitByMonths('2024-02-01', '2024-02-28').months).toBeNull();
    expect(splitByMonths('9999-11-02', '9999-12-31')).toEqual({
      months: ['9999-12-01', '9999-12-01'],
      days: [['9999-11-02', '9999-11-30']],
    });
  });

  it("time in stage from the aggregates is the histories', after every kind of change", async () => {
    const manager = (await createUser(t, 'stays.manager@example.com', 'hiring_manager')).id;
    const [own, other, closed] = [
      await createOpening(t, 'STAYS-1'),
      await createOpening(t, 'STAYS-2'),
      await createOpening(t, 'STAYS-3'),
    ];
    await putOnTeam(t, own!, manager, 'hiring_manager');
    const repos = t.app.repos;
    const next: NextStages = {
      ...FORWARD,
      Rejected: [
        ['Screening', 2],
        ['stay', 8],
      ],
    };
    // Applied at any millisecond of March 2024, each move hours later: stays of every length,
    // many in one tenth of a day and many not, so both kinds of middle are met.
    const rand = random(43);
    const start = Date.parse('2024-03-01T00:00:00.000Z');
    const ids: number[] = [];
    for (let n = 0; n < 60; n++) {
      const applied = start + Math.floor(rand() * 30 * 24 * HOUR);
      const jobOf = [own!, other!, closed!][n % 3]!;
      const id = (
        await repos.applicants.create(
          newApplication(jobOf, { lastName: `Stay${n}`, email: `stay.${n}@example.com` }, 9000 + n),
          new Date(applied),
        )
      ).applicantId;
      ids.push(id);
      for (const move of stagePath(rand, next, applied, (stage, at) => ({ stage, at }))) {
        // Some moves a few minutes past the hour, so stays are not all whole hours.
        const at = move.at + (n % 4 === 0 ? Math.floor(rand() * HOUR) : 0);
        await repos.pipeline.setStage(id, move.stage, userId, new Date(at));
      }
    }
    const reaches: [Reach, number | undefined][] = [
      [{ kind: 'all' }, undefined],
      [{ kind: 'all' }, own],
      [{ kind: 'all' }, closed],
      [{ kind: 'openings', userId: manager }, undefined],
    ];
    const same = async (label: string) => {
      await inStep(label);
      for (const [reach, job] of reaches) {
        for (const [from, to] of [
          ['2024-03-01', '2024-03-31'],
          ['2024-03-05', '2024-03-17'],
          ['2024-03-10', '2024-03-10'],
          ['2024-02-20', '2024-04-10'],
        ] as const) {
          const range = reportRange({ from, to, ...(job ? { jobId: job } : {}) }, new Date());
          const oracle = reportsRepository(db(), { aggregates: false });
          const filter = await oracle.filter(range, reach);
          const expected = await oracle.timeInStage(filter, reach);
          expect(
            await reportsRepository(db()).timeInStage(filter, reach),
            `${label}: ${JSON.stringify(reach)} ${from} ${to} ${job ?? ''}`,
          ).toEqual(expected);
        }
      }
    };
    await same('the seeded histories');
    const whole = await reportsRepository(db()).timeInStage(
      await reportsRepository(db()).filter(
        reportRange({ from: '2024-03-01', to: '2024-03-31' }, new Date()),
        { kind: 'all' },
      ),
      { kind: 'all' },
    );
    // Not an empty comparison: stays and medians in every stage, an even count and an odd one.
    expect(whole.stages.every((s) => s.stays > 0 && s.medianDays !== null)).toBe(true);
    expect(new Set(whole.stages.map((s) => s.stays % 2))).toEqual(new Set([0, 1]));

    const newOnes = ids.filter((_, n) => n % 3 !== 2);
    const stageOf = async (id: number) => (await repos.pipeline.find(id, { kind: 'all' }))!.stage;
    let moved = newOnes[0]!;
    for (const id of newOnes) {
      if (['Screening', 'Interview'].includes(await stageOf(id))) moved = id;
    }
    await repos.pipeline.moveStage(moved, 'Rejected', userId, new Date('2024-06-01T10:00:00Z'));
    await same('a move');
    const waiting: number[] = [];
    for (const id of newOnes) if ((await stageOf(id)) === 'New') waiting.push(id);
    const bulk = await repos.pipeline.bulk(
      {
        applicants: waiting.map((applicantId) => ({ applicantId, stage: 'New' as const })),
        action: { kind: 'move', stage: 'Screening' },
      },
      userId,
      () => new Date(),
      'https://careers.example.com',
    );
    expect(bulk.done.length).toBeGreaterThan(0);
    await same('a bulk move');
    await repos.pipeline.undo(bulk.batchId, userId, new Date());
    await same("a bulk move's undo");
    await repos.duplicates.merge(newOnes[5]!, newOnes[6]!, userId, new Date());
    await same('a merge');
    const erasure = erasureRepository(db());
    expect(
      (await erasure.eraseByEmail('stay.7@example.com', { label: 'cli' }, new Date())).applicants,
    ).toBe(1);
    await same('an erasure');
    await repos.jobs.update(closed!, { isOpen: false }, new Date(Date.now() - 400 * 86_400_000));
    expect((await erasure.eraseExpired(new Date(), 365, 7)).applicants).toBe(20);
    await same('a retention run');
  });

  it.runIf(engine === 'postgres')(
    `two stage changes of different applicants of the same opening and day at once leave exact counts, ${RUNS} times`,
    async () => {
      // Each writer on its own pool, so the two transactions truly interleave.
      const other: DbHandle = t.db.reopen();
      try {
        const otherRepos = createRepositories(other.db);
        for (let run = 0; run < RUNS; run++) {
          // Two applications at once, then two moves in opposite directions at once: one leaves
          // Screening for Rejected while the other comes back from Rejected to Screening, so
          // each adjusts the rows the other does (same opening, day and source).
          const [first, second] = await Promise.all([apply(), apply()]);
          await t.app.repos.pipeline.moveStage(first!, 'Screening', userId, new Date());
          await t.app.repos.pipeline.moveStage(second!, 'Rejected', userId, new Date());
          const outcomes = await Promise.allSettled([
            t.app.repos.pipeline.moveStage(first!, 'Rejected', userId, new Date()),
            otherRepos.pipeline.moveStage(second!, 'Screening', userId, new Date()),
            otherRepos.pipeline.moveStage(first!, 'Interview', userId, new Date()),
          ]);
          // The two applicants' moves both happen; the first's second move may be refused.
          expect(outcomes[1]!.status).toBe('fulfilled');
          expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThan(1);
        }
        await inStep('after the races');
      } finally {
        await other.close();
      }
    },
  );
});
