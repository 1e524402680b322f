import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApplicantNeighbours,
  ApplicantStage,
  Board,
  ConsoleApplicantPage,
} from '@lumenfield/contract';
import { BOARD_PAGE_SIZE } from '@lumenfield/contract';
import { createOpening } from '../../test/legacy/application';
import { consoleHeaders, createUser, openSession } from '../../test/console';
import { confirmationOnly, newApplication } from '../../test/applicants';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

const DAY = 86_400_000;
const START = Date.parse('2026-03-01T09:00:00Z');

describe(`the board of an opening, sorting and next/previous (${engine})`, () => {
  let t: TestApp;
  let session: string;
  let jobId: number;
  let otherJobId: number;
  const ids: Record<string, number> = {};

  const get = <T>(url: string) =>
    t.app
      .inject({ method: 'GET', url, headers: consoleHeaders(t, session) })
      .then((res) => ({ status: res.statusCode, body: res.json() as T }));

  const apply = async (job: number, firstName: string, lastName: string, day: number) => {
    const { applicantId } = await t.app.repos.applicants.create(
      {
        ...newApplication(
          job,
          { firstName, lastName, email: `${firstName}.${lastName}@example.com`.toLowerCase() },
          1_000,
        ),
        mail: confirmationOnly(job),
      },
      new Date(START + day * DAY),
    );
    return applicantId;
  };
  const moveTo = (id: number, stage: ApplicantStage) =>
    t.app.repos.pipeline.setStage(id, stage, null, new Date(START + 90 * DAY));

  beforeAll(async () => {
    t = await createTestApp();
    session = await openSession(t, await createUser(t, 'rita@example.com'));
    jobId = await createOpening(t, 'BRD-1');
    otherJobId = await createOpening(t, 'BRD-2');
    // Named so that the name order differs from the applied order.
    ids.cho = await apply(jobId, 'Min', 'Cho', 1);
    ids.adams = await apply(jobId, 'Zoe', 'Adams', 2);
    ids.baker = await apply(jobId, 'Ann', 'baker', 3);
    ids.diaz = await apply(jobId, 'Luis', 'Diaz', 4);
    ids.evans = await apply(jobId, 'Eve', 'Evans', 5);
    ids.elsewhere = await apply(otherJobId, 'Oda', 'Other', 6);
    await moveTo(ids.adams, 'Screening');
    await moveTo(ids.baker, 'Screening');
    await moveTo(ids.diaz, 'Interview');
    await moveTo(ids.evans, 'Withdrawn');
  });
  afterAll(async () => {
    await t.close();
  });

  it("groups an opening's applicants by stage, counted, newest first; Withdrawn only when someone withdrew", async () => {
    const { status, body } = await get<Board>(`/api/recruiters/jobs/${jobId}/board`);
    expect(status).toBe(200);
    expect(body.pageSize).toBe(BOARD_PAGE_SIZE);
    const summary = body.columns.map((c) => [
      c.stage,
      c.count,
      c.items.map((i) => i.lastName).join(' '),
    ]);
    expect(summary).toEqual([
      ['New', 1, 'Cho'],
      ['Screening', 2, 'baker Adams'],
      ['Interview', 1, 'Diaz'],
      ['Offer', 0, ''],
      ['Hired', 0, ''],
      ['Rejected', 0, ''],
      ['Withdrawn', 1, 'Evans'],
    ]);

    const other = await get<Board>(`/api/recruiters/jobs/${otherJobId}/board`);
    expect(other.body.columns.map((c) => c.stage)).not.toContain('Withdrawn');
    expect(other.body.columns[0]).toMatchObject({ stage: 'New', count: 1 });

    const missing = await get<{ detail: string }>('/api/recruiters/jobs/999999/board');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('There is no opening with id 999999.');
  });

  it('pages a large column: the first page of each column, then "more" for one column', async () => {
    const job = await createOpening(t, 'BRD-BIG');
    for (let day = 0; day < BOARD_PAGE_SIZE + 3; day += 1) await apply(job, 'Pat', `P${day}`, day);
    const screened = await apply(job, 'Sam', 'Screened', 100);
    await moveTo(screened, 'Screening');

    const first = await get<Board>(`/api/recruiters/jobs/${job}/board`);
    const [news, screening] = first.body.columns;
    expect(news).toMatchObject({ stage: 'New', count: BOARD_PAGE_SIZE + 3, page: 1 });
    expect(news!.items).toHaveLength(BOARD_PAGE_SIZE);
    expect(news!.items[0]!.lastName).toBe(`P${BOARD_PAGE_SIZE + 2}`); // newest first
    expect(screening).toMatchObject({ stage: 'Screening', count: 1 });

    const more = await get<Board>(`/api/recruiters/jobs/${job}/board?stage=New&page=2`);
    expect(more.body.columns).toHaveLength(1);
    expect(more.body.columns[0]).toMatchObject({ stage: 'New', count: BOARD_PAGE_SIZE + 3 });
    expect(more.body.columns[0]!.items.map((i) => i.lastName)).toEqual(['P2', 'P1', 'P0']);
  });

  it('"more" after the last card shown skips none when a move has taken a card out of the column', async () => {
    const job = await createOpening(t, 'BRD-AFT');
    const ids: number[] = [];
    for (let day = 0; day < BOARD_PAGE_SIZE + 2; day += 1) {
      ids.push(await apply(job, 'Ria', `R${day}`, day));
    }
    const first = await get<Board>(`/api/recruiters/jobs/${job}/board`);
    const shown = first.body.columns[0]!.items;
    expect(shown).toHaveLength(BOARD_PAGE_SIZE);
    // A card of the first page leaves New; a page number would now skip R1.
    await moveTo(shown[0]!.applicantId, 'Screening');
    const last = shown.at(-1)!.applicantId;
    const more = await get<Board>(`/api/recruiters/jobs/${job}/board?stage=New&after=${last}`);
    expect(more.body.columns[0]).toMatchObject({ stage: 'New', count: BOARD_PAGE_SIZE + 1 });
    expect(more.body.columns[0]!.items.map((i) => i.lastName)).toEqual(['R1', 'R0']);
  });

  it('sorts the applicants list on the server by name, stage, opening and applied date', async () => {
    const names = async (query: string) =>
      (
        await get<ConsoleApplicantPage>(`/api/recruiters/applicants?jobId=${jobId}&${query}`)
      ).body.items.map((i) => i.lastName);
    expect(await names('sort=name')).toEqual(['Adams', 'baker', 'Cho', 'Diaz', 'Evans']);
    expect(await names('sort=-name')).toEqual(['Evans', 'Diaz', 'Cho', 'baker', 'Adams']);
    expect(await names('sort=applied')).toEqual(['Cho', 'Adams', 'baker', 'Diaz', 'Evans']);
    expect(await names('')).toEqual(['Evans', 'Diaz', 'baker', 'Adams', 'Cho']);
    // In the stage model's order (New, Screening, Interview ... Withdrawn), newest first within.
    expect(await names('sort=stage')).toEqual(['Cho', 'baker', 'Adams', 'Diaz', 'Evans']);
    expect(await names('sort=-stage')).toEqual(['Evans', 'Diaz', 'baker', 'Adams', 'Cho']);

    const byOpening = await get<ConsoleApplicantPage>(`/api/recruiters/applicants?sort=opening`);
    const codes = byOpening.body.items.map((i) => i.jobCode);
    expect(codes.indexOf('BRD-1')).toBeLessThan(codes.indexOf('BRD-2'));

    const bad = await get<{ errors: { field: string }[] }>('/api/recruiters/applicants?sort=shoe');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]!.field).toBe('sort');
  });

  it("answers the previous and next applicant in the list's filters and order", async () => {
    const around = (id: number, query: string) =>
      get<ApplicantNeighbours>(`/api/recruiters/applicants/${id}/neighbours?${query}`).then(
        (res) => res.body,
      );
    const list = `jobId=${jobId}&sort=name`;
    expect(await around(ids.adams!, list)).toEqual({
      previous: null,
      next: ids.baker,
      position: 1,
      total: 5,
    });
    expect(await around(ids.cho!, list)).toEqual({
      previous: ids.baker,
      next: ids.diaz,
      position: 3,
      total: 5,
    });
    expect(await around(ids.evans!, list)).toMatchObject({ next: null, position: 5 });
    // Filtered to Screening: only the two there.
    expect(await around(ids.baker!, `jobId=${jobId}&stage=Screening&sort=name`)).toEqual({
      previous: ids.adams,
      next: null,
      position: 2,
      total: 2,
    });
    // Not in the list: no neighbours.
    expect(await around(ids.elsewhere!, list)).toEqual({
      previous: null,
      next: null,
      position: 0,
      total: 5,
    });
  });
});
