import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db';
import type { Db } from '../../db/database';
import type { AnyDb } from '../../db/migrations/dialect';
import { fillReportAggregates } from '../../db/migrations/0038-report-aggregates';
import { newApplication } from '../../test/applicants';
import { createUser } from '../../test/console';
import { createOpening } from '../../test/legacy/application';
import { fullScansOf } from '../../test/query-plans';
import { reportAggregatesNow } from '../../test/report-aggregates';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { putOnTeam } from '../../test/hiring';
import { erasureRepository } from '../applications/erasure-repository';
import { createRepositories } from '..';
import { reportRange, reportsRepository } from './reports-repository';

const RUNS = 20;

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
    await fillReportAggregates(db() as unknown as AnyDb);
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
      });
      expect(statements).toBeGreaterThanOrEqual(3);
      expect(scans, JSON.stringify(reach)).toEqual({});
      expect((await reports.filter(reportRange(query, new Date()), reach)).applicants).toBe(1);
    }
    const id = await apply();
    const { scans } = await fullScansOf(db(), (recorded) =>
      createRepositories(recorded).pipeline.moveStage(id, 'Interview', userId, new Date()),
    );
    expect(scans).toEqual({});
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
