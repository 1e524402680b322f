import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db';
import { HttpProblem } from '../../lib/http-problem';
import { newApplication } from '../../test/applicants';
import { createUser } from '../../test/console';
import { createOpening } from '../../test/legacy/application';
import { reportAggregatesNow } from '../../test/report-aggregates';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { erasureRepository } from './erasure-repository';

const RUNS = 40;
const DAY = 86_400_000;

/**
 * A retention run erasing in batches, raced against a recruiter moving the same applicants, each
 * on its own handle (on PostgreSQL its own pool, so the transactions truly interleave). Each
 * batch holds its applicants' locks: a move is judged before the erasure or refused after it,
 * never a fault, and nothing of an erased applicant is left behind.
 */
describe(`retention's batches and a recruiter's moves, raced (${engine})`, () => {
  let t: TestApp;
  let second: DbHandle;
  let userId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    // SQLite's driver is synchronous: a second connection in this process waiting for the
    // write lock would block the event loop that must commit the first. One handle there.
    second = engine === 'postgres' ? t.db.reopen() : t.db.handle;
    userId = (await createUser(t, 'retention.race@example.com')).id;
  });
  afterAll(async () => {
    if (second !== t.db.handle) await second.close();
    await t.close();
  });

  it(`erases every expired applicant while they are moved, ${RUNS} times`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const now = new Date();
      const jobId = await createOpening(t, `RET-RACE-${run}`);
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const email = `retention.race.${run}.${i}@example.com`;
        const stored = await t.app.repos.applicants.create(
          newApplication(jobId, { email }, 3000 + seq++),
          now,
        );
        ids.push(stored.applicantId);
      }
      await t.app.repos.jobs.update(jobId, { isOpen: false }, new Date(now.getTime() - 400 * DAY));

      const moves = ids.map((id) =>
        t.app.repos.pipeline.moveStage(id, 'Screening', userId, new Date()),
      );
      const [erased, ...moved] = await Promise.allSettled([
        erasureRepository(second.db).eraseExpired(now, 365, 2),
        ...moves,
      ]);
      expect(erased).toMatchObject({ status: 'fulfilled', value: { applicants: 5 } });
      for (const outcome of moved) {
        // A move that came after its applicant's batch is refused as not found, not a fault.
        if (outcome.status === 'rejected') {
          expect(outcome.reason).toBeInstanceOf(HttpProblem);
          expect((outcome.reason as HttpProblem).status).toBe(404);
        }
      }
      const left = await t.db.handle.db
        .selectFrom('applicantStages')
        .select('id')
        .where('applicantId', 'in', ids)
        .execute();
      expect(left).toEqual([]);
    }
    // The report aggregates, kept by the moves and the erasures, as counted afresh.
    const aggregates = await reportAggregatesNow(t.db.handle.db);
    expect(aggregates.kept).toEqual(aggregates.counted);
  });
});
