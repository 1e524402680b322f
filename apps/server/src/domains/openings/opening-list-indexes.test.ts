import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { newApplication } from '../../test/applicants';
import { createOpening } from '../../test/legacy/application';
import { fullScans, planText, recording } from '../../test/query-plans';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { pipelineRepository } from '../pipeline/pipeline-repository';
import { jobsRepository, type OpeningsFilter } from './jobs-repository';

/**
 * The console's openings list reads its page through indexes made for it (migration
 * 0042-opening-list-indexes) and counts the page's applicants from the opening-and-stage index
 * alone: proven by the plan each engine makes of the queries the repositories really send.
 */
describe(`the openings list's indexes in the plans (${engine})`, () => {
  let t: TestApp;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 6; i++) ids.push(await createOpening(t, `LIST-PLAN-${i}`, i !== 5));
    for (let i = 0; i < 12; i++) {
      await t.app.repos.applicants.create(
        newApplication(ids[i % 6]!, { email: `list.plan.${i}@example.com` }, 3000 + i),
        new Date(),
      );
    }
    // PostgreSQL: the planner's figures, as autovacuum keeps them in production.
    if (engine === 'postgres') await sql`analyze`.execute(t.db.handle.db);
  });
  afterAll(() => t.close());

  const db = (): Db => t.db.handle.db;
  const everything: OpeningsFilter['inReach'] = (eb) => eb.and([]);

  /**
   * The page's own query (the one with a limit) for `filter`: its plan, what in it reads a whole
   * table, and the sorts it needs (none when an index gives the order; SQLite's walk of an index
   * in its order, stopped at the limit, is not one).
   */
  const pagePlan = async (filter: Omit<OpeningsFilter, 'inReach'>) => {
    const { db: recorded, seen } = recording(db());
    await jobsRepository(recorded).page({ ...filter, inReach: everything }, 1, 50, new Date());
    const page = seen.find((query) => /limit/i.test(query.sql));
    if (!page) throw new Error('no page query');
    const sorts = (await fullScans(db(), page, { sorts: true })).filter(
      (found) => found === 'Sort' || found.startsWith('USE TEMP B-TREE'),
    );
    return { plan: await planText(db(), page), scans: await fullScans(db(), page), sorts };
  };

  it('newest first (the default) and oldest first: jobs_effective_idx gives the order', async () => {
    for (const sort of ['-effective', 'effective'] as const) {
      const { plan, sorts } = await pagePlan({ sort });
      expect(plan, sort).toContain('jobs_effective_idx');
      expect(sorts, sort).toEqual([]);
    }
  });

  it('by title, either way: jobs_title_idx gives the order', async () => {
    for (const sort of ['title', '-title'] as const) {
      const { plan, sorts } = await pagePlan({ sort });
      expect(plan, sort).toContain('jobs_title_idx');
      expect(sorts, sort).toEqual([]);
    }
  });

  it('a state reads an index, never the whole table', async () => {
    for (const state of ['open', 'scheduled', 'closed'] as const) {
      const { scans } = await pagePlan({ sort: '-effective', state });
      expect(scans, state).toEqual([]);
    }
  });

  it("the page's applicant counts: one grouped read of those openings' index entries", async () => {
    const { db: recorded, seen } = recording(db());
    const counts = await pipelineRepository(recorded).countsOf(ids.slice(0, 2));
    expect(counts.get(ids[0]!)).toEqual({ applicants: 2, fresh: 2 });
    expect(seen).toHaveLength(1);
    const plan = await planText(db(), seen[0]!);
    expect(plan).toContain('applicants_job_stage_idx');
  });
});
