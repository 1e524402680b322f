import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, applicantSortSchema } from '@lumenfield/contract';
import { newApplication } from '../../test/applicants';
import { createUser } from '../../test/console';
import { putOnTeam } from '../../test/hiring';
import { createOpening } from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { erasureRepository } from '../applications/erasure-repository';
import { EVERYTHING, type Reach } from '../team/reach';
import type { PipelineFilter } from './pipeline-repository';

/**
 * The applicants list's totals come from the kept counts (kept-counts.ts) where they can, and its
 * pages after or before an applicant (the pager's links) from that row on: both give what
 * counting and paging every match would, for every reach, filter and sort.
 */
describe(`the list's kept counts and its pages from a row (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let other: number;
  let manager: Reach;

  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'KEPT-1');
    other = await createOpening(t, 'KEPT-2');
    const userId = (await createUser(t, 'kept@example.com')).id;
    const managerId = (await createUser(t, 'kept.manager@example.com', 'hiring_manager')).id;
    await putOnTeam(t, jobId, managerId, 'hiring_manager');
    manager = { kind: 'openings', userId: managerId };
    const stages = ['New', 'Screening', 'Interview', 'Rejected', 'Screening'] as const;
    const sources = ['LinkedIn', 'Indeed', undefined] as const;
    for (let i = 0; i < 23; i++) {
      const source = sources[i % sources.length];
      const { applicantId } = await t.app.repos.applicants.create(
        {
          ...newApplication(
            i % 4 === 0 ? other : jobId,
            { lastName: `Kept${i % 7}`, email: `kept.${i}@example.com` },
            3000 + i,
          ),
          ...(source ? { arrival: { utmSource: source } } : {}),
        },
        // Some share an applied instant, so the id breaks ties in the pages too.
        new Date(Date.UTC(2026, 3, 1 + (i % 5))),
      );
      const stage = stages[i % stages.length]!;
      if (stage !== 'New') {
        await t.app.repos.pipeline.moveStage(applicantId, stage, userId, new Date());
      }
    }
    await erasureRepository(t.db.handle.db).eraseByEmail(
      'kept.3@example.com',
      { label: 'cli' },
      new Date(),
    );
  });
  afterAll(() => t.close());

  const filters = (): PipelineFilter[] =>
    [EVERYTHING, manager].flatMap((reach) => [
      { reach },
      { reach, jobId },
      { reach, jobId: other },
      { reach, stage: 'Screening' },
      { reach, jobId, stage: 'Rejected' },
      { reach, source: 'LinkedIn' },
      { reach, source: 'LinkedIn', stage: 'Screening' },
      { reach, doesNotMeet: false },
      { reach, q: 'kept2' },
    ]);

  it('every total is the number of matches', async () => {
    const { pipeline } = t.app.repos;
    for (const filter of filters()) {
      const matches = (await pipeline.all(filter)).length;
      const { total, atLeast } = await pipeline.search(filter, 1, 50);
      expect({ total, atLeast }, JSON.stringify(filter)).toEqual({
        total: matches,
        atLeast: false,
      });
      expect((await pipeline.ids(filter, 500)).total).toBe(matches);
    }
    // The manager's count of an opening out of their reach is none, as its list is.
    expect((await pipeline.search({ reach: manager, jobId: other }, 1, 50)).total).toBe(0);
    expect(COUNT_CAP).toBeGreaterThan(23);
  });

  it("every board column's count is the number in its stage", async () => {
    const { pipeline } = t.app.repos;
    for (const reach of [EVERYTHING, manager]) {
      const inStage = new Map<string, number>();
      for (const applicant of await pipeline.all({ reach, jobId })) {
        inStage.set(applicant.stage, (inStage.get(applicant.stage) ?? 0) + 1);
      }
      const board = await pipeline.board(jobId, 1, 2, reach);
      expect(new Map(board.map((column) => [column.stage, column.count]))).toEqual(inStage);
      for (const column of board) {
        expect(column.items.length).toBe(Math.min(2, column.count));
        const [first] = column.items;
        const [next] = await pipeline.boardAfter(jobId, column.stage, first!.applicantId, 2, reach);
        expect(next!.count).toBe(column.count);
      }
    }
  });

  it('next and previous place each applicant where the list does, in applied order', async () => {
    const { pipeline } = t.app.repos;
    for (const sort of ['-applied', 'applied'] as const) {
      for (const filter of filters()) {
        const list = (await pipeline.search(filter, 1, 100, sort)).items.map(
          (item) => item.applicantId,
        );
        for (const [index, id] of list.entries()) {
          const { position, total } = await pipeline.neighbours(filter, sort, id);
          expect({ position, total }, `${sort} ${JSON.stringify(filter)}`).toEqual({
            position: index + 1,
            total: list.length,
          });
        }
      }
    }
  });

  for (const sort of applicantSortSchema.options) {
    it(`pages after and before a row are the list's pages, sorted ${sort}`, async () => {
      const { pipeline } = t.app.repos;
      for (const filter of filters()) {
        const whole = (await pipeline.search(filter, 1, 100, sort)).items.map(
          (item) => item.applicantId,
        );
        const pages: number[][] = [];
        for (let i = 0; i < whole.length; i += 4) pages.push(whole.slice(i, i + 4));
        const label = `${sort} ${JSON.stringify(filter)}`;
        // Forward from each page's last row, back from each page's first.
        for (const [n, page] of pages.entries()) {
          const next = await pipeline.search(filter, n + 2, 4, sort, { after: page.at(-1) });
          expect(
            next.items.map((item) => item.applicantId),
            label,
          ).toEqual(pages[n + 1] ?? []);
          const previous = await pipeline.search(filter, n, 4, sort, { before: page[0] });
          expect(
            previous.items.map((item) => item.applicantId),
            label,
          ).toEqual(pages[n - 1] ?? []);
        }
      }
    });
  }

  it('a page after an applicant no longer there is the page by its number', async () => {
    const { pipeline } = t.app.repos;
    const byNumber = await pipeline.search({ reach: EVERYTHING }, 2, 5);
    const fromGone = await pipeline.search({ reach: EVERYTHING }, 2, 5, undefined, {
      after: 999_999,
    });
    expect(fromGone.items.map((item) => item.applicantId)).toEqual(
      byNumber.items.map((item) => item.applicantId),
    );
  });
});
