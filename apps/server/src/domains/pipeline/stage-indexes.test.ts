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

  it('the list filtered by stage: its page and its count', async () => {
    const plans = await plansOf((repository) =>
      repository.search({ stage: 'Screening', reach: EVERYTHING }, 1, 50),
    );
    expect(plans).toHaveLength(2);
    for (const { plan } of plans) expect(plan).toContain('applicants_stage_applied_idx');
  });

  it('the list of one opening filtered by stage', async () => {
    const plans = await plansOf((repository) =>
      repository.search({ jobId, stage: 'Screening', reach: EVERYTHING }, 1, 50),
    );
    for (const { plan } of plans) expect(plan).toContain('applicants_job_stage_idx');
  });

  it("an opening's board, and one column's next page", async () => {
    const board = await plansOf((repository) => repository.board(jobId, 1, 20, EVERYTHING));
    // The ranking over the opening's applicants; then the page's rows by id.
    const ranking = board.find((query) => /row_number/i.test(query.sql));
    expect(ranking?.plan).toContain('applicants_job_stage_idx');
    const column = await plansOf((repository) =>
      repository.board(jobId, 1, 20, EVERYTHING, 'Screening'),
    );
    expect(column.find((query) => /row_number/i.test(query.sql))?.plan).toContain(
      'applicants_job_stage_idx',
    );
  });

  it('the list sorted by name', async () => {
    const plans = await plansOf((repository) =>
      repository.search({ reach: EVERYTHING }, 1, 50, 'name'),
    );
    const page = plans.find((query) => /limit/i.test(query.sql));
    expect(page?.plan).toContain('applicants_name_idx');
  });
});
