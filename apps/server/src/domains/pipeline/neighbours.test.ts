import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantSortSchema } from '@lumenfield/contract';
import { newApplication } from '../../test/applicants';
import { createUser } from '../../test/console';
import { createOpening } from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { EVERYTHING } from '../team/reach';
import type { PipelineFilter } from './pipeline-repository';

/**
 * "Next and previous" on an applicant's page (neighbours) read from the applicant's place in the
 * list's order: for every sort and filter, each applicant's neighbours and position are the ones
 * the list itself shows, ties in every sort key included.
 */
describe(`next and previous agree with the list (${engine})`, () => {
  let t: TestApp;
  let jobId: number;

  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'NEXT-1');
    const other = await createOpening(t, 'NEXT-2');
    const userId = (await createUser(t, 'next@example.com')).id;
    // Three applied instants shared by several, names shared in part or whole, four stages.
    const names = [
      ['Ana', 'Cruz'],
      ['Ana', 'Cruz'],
      ['Ben', 'Cruz'],
      ['ana', 'cruz'],
      ['Zoe', 'Adams'],
      ['Ian', 'Baker'],
      ['Ian', 'Baker'],
      ['Eve', 'Diaz'],
    ];
    const stages = ['New', 'Screening', 'Interview', 'Rejected'] as const;
    for (let i = 0; i < 16; i++) {
      const [firstName, lastName] = names[i % names.length]!;
      const { applicantId } = await t.app.repos.applicants.create(
        newApplication(
          i % 3 === 0 ? other : jobId,
          { firstName, lastName, email: `next.${i}@example.com` },
          2000 + i,
        ),
        new Date(Date.UTC(2026, 5, 1 + (i % 3))),
      );
      const stage = stages[i % stages.length]!;
      if (stage !== 'New') {
        await t.app.repos.pipeline.moveStage(applicantId, stage, userId, new Date());
      }
    }
  });
  afterAll(() => t.close());

  /** The whole list, one opening's, one stage's, a search's. */
  const filters = (): PipelineFilter[] => [
    { reach: EVERYTHING },
    { reach: EVERYTHING, jobId },
    { reach: EVERYTHING, stage: 'Screening' },
    { reach: EVERYTHING, q: 'cruz' },
  ];

  for (const sort of applicantSortSchema.options) {
    it(`sorted ${sort}`, async () => {
      const { pipeline } = t.app.repos;
      for (const filter of filters()) {
        const { items, total } = await pipeline.search(filter, 1, 100, sort);
        const list = items.map((item) => item.applicantId);
        expect(list.length).toBe(total);
        for (const [index, id] of list.entries()) {
          expect(await pipeline.neighbours(filter, sort, id), `${sort} ${index}`).toEqual({
            previous: list[index - 1] ?? null,
            next: list[index + 1] ?? null,
            position: index + 1,
            total,
          });
        }
      }
    });
  }
});
