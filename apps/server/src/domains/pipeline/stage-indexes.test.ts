import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { newApplication } from '../../test/applicants';
import { planText, recording } from '../../test/query-plans';
import { createUser } from '../../test/console';
import { createOpening } from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { EVERYTHING } from '../team/reach';
import { pipelineRepository } from './pipeline-repository';

/**
 * The console's lists read the stage stored on the applicant through indexes made for them
 * (migration 0026-current-stage): proven by the plan each engine makes of the queries the
 * repository really sends.
 */
describe(`the stage's indexes in the plans (${engine})`, () => {
  let t: TestApp;
  let jobId: number;

  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'PLAN-1');
    const other = await createOpening(t, 'PLAN-2');
    const userId = (await createUser(t, 'plans@example.com')).id;
    for (let i = 0; i < 12; i++) {
      const { applicantId } = await t.app.repos.applicants.create(
        newApplication(
          i % 3 === 0 ? other : jobId,
          { lastName: `Plan${i}`, email: `plan.${i}@example.com` },
          1000 + i,
        ),
        new Date(),
      );
      if (i % 2 === 0) {
        await t.app.repos.pipeline.moveStage(applicantId, 'Screening', userId, new Date());
      }
    }
    // PostgreSQL: the planner's figures of how the rows spread over openings and stages, as
    // autovacuum keeps them in production. SQLite: none, as in production (nothing runs ANALYZE
    // there; figures from a dozen rows would price a full scan cheapest).
    if (engine === 'postgres') await sql`analyze`.execute(t.db.handle.db);
  });
  afterAll(() => t.close());

  const db = (): Db => t.db.handle.db;
  /** The queries one read sends, each with its plan. */
  const plansOf = async (read: (repository: ReturnType<typeof pipelineRepository>) => unknown) => {
    const { db: recorded, seen } = recording(db());
    await read(pipelineRepository(recorded));
    return Promise.all(
      seen.map(async (query) => ({ sql: query.sql, plan: await planText(db(), query) })),
    );
  };

  /** The page's own read (the one with a limit), apart from its count. */
  const pageOf = (plans: { sql: string; plan: string }[]) =>
    plans.find((query) => /limit/i.test(query.sql) && !/report_/.test(query.sql));

  it('the list filtered by stage: its page by the index, its count from the kept counts', async () => {
    const plans = await plansOf((repository) =>
      repository.search({ stage: 'Screening', reach: EVERYTHING }, 1, 50),
    );
    expect(plans).toHaveLength(2);
    expect(pageOf(plans)?.plan).toContain('applicants_stage_applied_idx');
    const count = plans.find((query) => /report_stage_days/.test(query.sql));
    expect(count?.plan).not.toMatch(/applicants/);
  });

  it('the list of one opening filtered by stage', async () => {
    const plans = await plansOf((repository) =>
      repository.search({ jobId, stage: 'Screening', reach: EVERYTHING }, 1, 50),
    );
    expect(pageOf(plans)?.plan).toContain('applicants_job_stage_idx');
  });

  it('a page after or before an applicant: from its row on, through the same index', async () => {
    const [anchor] = (await pipelineRepository(db()).search({ reach: EVERYTHING }, 1, 5)).items;
    for (const [filter, sort, index] of [
      [{ stage: 'Screening' as const }, undefined, 'applicants_stage_applied_idx'],
      [{}, 'name' as const, 'applicants_name_idx'],
      [{}, '-name' as const, 'applicants_name_idx'],
      [{ jobId }, undefined, 'applicants_job'],
    ] as const) {
      for (const from of [{ after: anchor!.applicantId }, { before: anchor!.applicantId }]) {
        const plans = await plansOf((repository) =>
          repository.search({ ...filter, reach: EVERYTHING }, 2, 50, sort, from),
        );
        expect(pageOf(plans)?.plan, JSON.stringify([filter, sort, from])).toContain(index);
      }
    }
  });

  it('next and previous: the rows either side and the place through the index', async () => {
    const [, middle] = (
      await pipelineRepository(db()).search({ stage: 'Screening', reach: EVERYTHING }, 1, 5)
    ).items;
    const plans = await plansOf((repository) =>
      repository.neighbours(
        { stage: 'Screening', reach: EVERYTHING },
        undefined,
        middle!.applicantId,
      ),
    );
    // Those three; the applicant's own row is read by its key first, the list's length from the
    // kept counts.
    const reads = plans.filter(
      (query) => /limit|count\(/i.test(query.sql) && !/report_/.test(query.sql),
    );
    expect(reads).toHaveLength(3);
    for (const { plan } of reads) expect(plan).toContain('applicants_stage_applied_idx');
    // Nor does the count of those before it look up each one's opening (this order names none).
    const count = reads.find((query) => /count\(/i.test(query.sql));
    expect(count?.plan).not.toMatch(/\bjobs\b/);
  });

  it("an opening's board, and one column's next page", async () => {
    // The counts from the kept counts; each column's page from the opening's stage index.
    for (const [stage, from] of [
      [undefined, undefined],
      ['Screening', undefined],
      ['Screening', 'after'],
    ] as const) {
      const plans = await plansOf(async (repository) => {
        if (from) {
          const [first] = (await repository.board(jobId, 1, 1, EVERYTHING, stage))[0]!.items;
          return repository.boardAfter(jobId, stage!, first!.applicantId, 20, EVERYTHING);
        }
        return repository.board(jobId, 1, 20, EVERYTHING, stage);
      });
      const pages = plans.filter((query) => /limit/i.test(query.sql));
      expect(pages.length, JSON.stringify([stage, from])).toBeGreaterThan(0);
      for (const { plan } of pages) expect(plan).toContain('applicants_job_stage_idx');
      const counts = plans.filter((query) => /report_stage_days/.test(query.sql));
      expect(counts.length).toBeGreaterThan(0);
      for (const { plan } of counts) expect(plan).not.toMatch(/\bapplicants\b/);
    }
  });

  it('the list sorted by name', async () => {
    const plans = await plansOf((repository) =>
      repository.search({ reach: EVERYTHING }, 1, 50, 'name'),
    );
    expect(pageOf(plans)?.plan).toContain('applicants_name_idx');
  });
});
