import { INITIAL_STAGE, type ApplicantStage } from '@lumenfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db';
import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';
import { newApplication } from '../../test/applicants';
import { createUser } from '../../test/console';
import { createOpening } from '../../test/legacy/application';
import { reportAggregatesNow } from '../../test/report-aggregates';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { issueApplicantLink } from '../applications/applicant-links';
import { applicantPage } from '../applicant/applicant-page';
import { createRepositories, type Repositories } from '..';

const ORIGIN = 'https://careers.example.com';
const now = () => new Date();

/**
 * Every applicant's stored stage (applicants.current_stage) against what their history says:
 * the stage of their latest row (the highest id), or New without one. Only those that differ.
 */
async function driftedFromHistory(db: Db) {
  const rows = await db
    .selectFrom('applicants')
    .select((eb) => [
      'applicants.id',
      'applicants.currentStage',
      eb
        .selectFrom('applicantStages')
        .select('applicantStages.stage')
        .whereRef('applicantStages.applicantId', '=', 'applicants.id')
        .orderBy('applicantStages.id', 'desc')
        .limit(1)
        .as('latest'),
    ])
    .execute();
  return rows
    .map((row) => ({ id: row.id, stored: row.currentStage, history: row.latest ?? INITIAL_STAGE }))
    .filter((row) => row.stored !== row.history);
}

describe(`the stored current stage and the report aggregates follow the history (${engine})`, () => {
  let t: TestApp;
  let repos: Repositories;
  let userId: number;
  let jobA: number;
  let jobB: number;
  let reasonId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    repos = t.app.repos;
    jobA = await createOpening(t, 'STORED-A');
    jobB = await createOpening(t, 'STORED-B');
    userId = (await createUser(t, 'stored.stage@example.com')).id;
    reasonId = (await repos.messages.createReason('Not this time', userId, now())).reasonId;
  });
  afterAll(() => t.close());

  const db = (): Db => t.db.handle.db;
  const apply = async (jobId: number, email = `stored.${seq}@example.com`) =>
    (
      await repos.applicants.create(
        newApplication(jobId, { firstName: 'Sto', lastName: `Red${seq}`, email }, 1000 + seq++),
        now(),
      )
    ).applicantId;
  const walk = async (id: number, stages: ApplicantStage[]) => {
    for (const stage of stages) await repos.pipeline.moveStage(id, stage, userId, now());
  };
  const storedStage = async (id: number) =>
    (
      await db()
        .selectFrom('applicants')
        .select('currentStage')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).currentStage;

  /** Each kind of change, then every applicant's stored stage checked against the history. */
  it('after applying, a move, a hire, a rejection, bulk moves and rejections, their undo, a withdrawal and a merge', async () => {
    const checks: [string, ApplicantStage, number][] = [];
    const step = async (kind: string, id: number, expected: ApplicantStage) => {
      checks.push([kind, expected, id]);
      expect(await storedStage(id), kind).toBe(expected);
      expect(await driftedFromHistory(db()), kind).toEqual([]);
      // The report aggregates, kept in the same transaction, as counted afresh.
      const aggregates = await reportAggregatesNow(db());
      expect(aggregates.kept, kind).toEqual(aggregates.counted);
    };

    const applied = await apply(jobA);
    await step('applying', applied, 'New');

    const moved = await apply(jobA);
    await walk(moved, ['Screening']);
    await step('a move', moved, 'Screening');

    const hired = await apply(jobA);
    await walk(hired, ['Screening', 'Interview', 'Offer', 'Hired']);
    await step('a hire', hired, 'Hired');

    const rejected = await apply(jobA);
    await repos.pipeline.reject(rejected, { reasonId, templateId: null }, userId, now(), ORIGIN);
    await step('a rejection', rejected, 'Rejected');

    /** Two new applicants of opening B through one bulk action, both done. */
    const bulkOfTwo = async (action: Parameters<typeof repos.pipeline.bulk>[0]['action']) => {
      const ids = [await apply(jobB), await apply(jobB)];
      const batch = await repos.pipeline.bulk(
        { applicants: ids.map((applicantId) => ({ applicantId, stage: 'New' as const })), action },
        userId,
        now,
        ORIGIN,
      );
      expect(batch.done).toEqual(ids);
      return { ids, batchId: batch.batchId };
    };

    const bulkMoved = await bulkOfTwo({ kind: 'move', stage: 'Screening' });
    await step('a bulk move', bulkMoved.ids[1]!, 'Screening');
    await repos.pipeline.undo(bulkMoved.batchId, userId, now());
    await step("a bulk move's undo", bulkMoved.ids[1]!, 'New');

    const bulkRejected = await bulkOfTwo({ kind: 'reject', reasonId, templateId: null });
    await step('a bulk rejection', bulkRejected.ids[0]!, 'Rejected');
    await repos.pipeline.undo(bulkRejected.batchId, userId, now());
    await step("a bulk rejection's undo", bulkRejected.ids[0]!, 'New');

    const withdrawn = await apply(jobA);
    await walk(withdrawn, ['Screening']);
    const status = await writeTransaction(db(), (trx) =>
      issueApplicantLink(trx, withdrawn, 'status', now()),
    );
    const page = applicantPage(db(), { origin: ORIGIN, capPerAddress: 10 });
    expect(await page.withdraw(status!, now())).not.toHaveProperty('refusal');
    await step('a withdrawal', withdrawn, 'Withdrawn');

    // The same person twice: a merge records them as one and leaves each one's stage as it was.
    const email = `stored.merge.${seq}@example.com`;
    const first = await apply(jobA, email);
    const second = await apply(jobB, email);
    await walk(first, ['Screening', 'Interview']);
    await repos.duplicates.merge(first, second, userId, now());
    await step('a merge', first, 'Interview');
    await step('a merge (the other)', second, 'New');

    // Every kind was seen, and the board reads the stored stage: each applicant where it says.
    expect(checks.length).toBe(11);
    const board = await repos.pipeline.board(jobA, 1, 50, { kind: 'all' });
    const columnOf = new Map(
      board.flatMap((column) => column.items.map((item) => [item.applicantId, column.stage])),
    );
    for (const [kind, expected, id] of checks) {
      const applicant = await repos.pipeline.find(id, { kind: 'all' });
      if (applicant?.jobId === jobA) expect(columnOf.get(id), kind).toBe(expected);
    }
  });

  it.runIf(engine === 'postgres')(
    'two moves of one applicant at once leave the stored stage at the last history row',
    async () => {
      // Each mover on its own pool, so the two transactions truly interleave.
      const other: DbHandle = t.db.reopen();
      try {
        const otherRepos = createRepositories(other.db);
        for (let run = 0; run < 20; run++) {
          const id = await apply(jobA);
          await walk(id, ['Screening']);
          // Screening -> Interview and Screening -> Rejected: whichever goes second is judged
          // on the stage the first left (Interview -> Rejected is allowed, the reverse is not).
          const outcomes = await Promise.allSettled([
            repos.pipeline.moveStage(id, 'Interview', userId, now()),
            otherRepos.pipeline.moveStage(id, 'Rejected', userId, now()),
          ]);
          expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
          const last = await db()
            .selectFrom('applicantStages')
            .select('stage')
            .where('applicantId', '=', id)
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow();
          expect(await storedStage(id)).toBe(last.stage);
        }
        expect(await driftedFromHistory(db())).toEqual([]);
        const aggregates = await reportAggregatesNow(db());
        expect(aggregates.kept).toEqual(aggregates.counted);
      } finally {
        await other.close();
      }
    },
  );
});
