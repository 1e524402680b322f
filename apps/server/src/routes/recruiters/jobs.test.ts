import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpeningChoice, RecruiterOpeningPage } from '@lumenfield/contract';
import type { User } from '../../domains/accounts/users-repository';
import { newApplication } from '../../test/applicants';
import { consoleRequest, createUser, openSession } from '../../test/console';
import { putOnTeam } from '../../test/hiring';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

const HOUR_MS = 3_600_000;
const code = (i: number) => `PG-${String(i).padStart(2, '0')}`;

/**
 * The console's openings list, paged on the server (docs/recruiters.md, "Openings"): 55
 * openings, PG-00 the newest. PG-00..02 are scheduled (in the future), every tenth from PG-09
 * is closed, the rest open; every fifth is a "Nightly Baker", the odd ones are in Pune.
 */
describe(`the openings list, paged and filtered on the server (${engine})`, () => {
  let t: TestApp;
  let sessions: Record<'admin' | 'manager' | 'interviewer', string>;
  const ids: number[] = [];
  let manager: User;

  const get = async <T>(who: keyof typeof sessions, url: string) => {
    const res = await consoleRequest(t, sessions[who], 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const list = (query = '', who: keyof typeof sessions = 'admin') =>
    get<RecruiterOpeningPage>(who, `/api/recruiters/jobs${query}`);
  const codes = (page: RecruiterOpeningPage) => page.items.map((item) => item.code);

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t, 'list-admin@example.com', 'admin');
    manager = await createUser(t, 'list-manager@example.com', 'hiring_manager', 'Hana Manager');
    const interviewer = await createUser(t, 'list-iv@example.com', 'interviewer', 'Ivo Iv');
    sessions = {
      admin: await openSession(t, admin),
      manager: await openSession(t, manager),
      interviewer: await openSession(t, interviewer),
    };
    const newest = Date.now() + 2.5 * HOUR_MS;
    for (let i = 0; i < 55; i++) {
      ids.push(
        await t.app.repos.jobs.create({
          code: code(i),
          title: i % 5 === 0 ? `Nightly Baker ${i}` : `analyst ${i}`,
          location: i % 2 === 1 ? 'Pune, India' : 'Manila, Philippines',
          descriptionHtml: '<p>Join us.</p>',
          effectiveFrom: new Date(newest - i * HOUR_MS).toISOString(),
          recruitmentManagers: '',
          contactPersons: '',
          contactEmails: '',
          isOpen: i % 10 !== 9,
        }),
      );
    }
    // PG-00: three applicants, one moved on; PG-54 (on the second page): one, new.
    const apply = (jobId: number, n: number) =>
      t.app.repos.applicants.create(
        newApplication(jobId, { email: `list.${n}@example.com`, lastName: `List${n}` }, 2000 + n),
        new Date(),
      );
    const first = await apply(ids[0]!, 1);
    await apply(ids[0]!, 2);
    await apply(ids[0]!, 3);
    await t.app.repos.pipeline.moveStage(first.applicantId, 'Screening', admin.id, new Date());
    await apply(ids[54]!, 4);
    await putOnTeam(t, ids[3]!, manager.id, 'hiring_manager');
    await putOnTeam(t, ids[54]!, manager.id, 'hiring_manager');
    // On PG-04's team as interviewer: that opening is not within their reach.
    await putOnTeam(t, ids[4]!, manager.id, 'interviewer');
  });
  afterAll(() => t.close());

  it('answers PAGE_SIZE openings newest first with the total, and the next page the rest', async () => {
    const first = await list();
    expect(first).toMatchObject({ total: 55, page: 1, pageSize: 50 });
    expect(codes(first)).toEqual(Array.from({ length: 50 }, (_, i) => code(i)));
    const second = await list('?page=2');
    expect(second).toMatchObject({ total: 55, page: 2, pageSize: 50 });
    expect(codes(second)).toEqual(['PG-50', 'PG-51', 'PG-52', 'PG-53', 'PG-54']);
    expect((await list('?page=3')).items).toEqual([]);
  });

  it("each row counts its opening's applicants and those still New, on every page", async () => {
    const first = await list();
    expect(first.items[0]).toMatchObject({ code: 'PG-00', applicants: 3, newApplicants: 2 });
    expect(first.items[1]).toMatchObject({ code: 'PG-01', applicants: 0, newApplicants: 0 });
    const last = (await list('?page=2')).items.at(-1);
    expect(last).toMatchObject({ code: 'PG-54', applicants: 1, newApplicants: 1 });
    // The same as one opening's own answer.
    const one = await get<{ applicants: number; newApplicants: number }>(
      'admin',
      `/api/recruiters/jobs/${ids[0]}`,
    );
    expect(one).toMatchObject({ applicants: 3, newApplicants: 2 });
  });

  it('filters by state now: open, scheduled or closed, with their totals', async () => {
    const scheduled = await list('?state=scheduled');
    expect(scheduled.total).toBe(3);
    expect(codes(scheduled)).toEqual(['PG-00', 'PG-01', 'PG-02']);
    expect(scheduled.items.every((item) => item.state === 'scheduled')).toBe(true);
    const closed = await list('?state=closed');
    expect(codes(closed)).toEqual(['PG-09', 'PG-19', 'PG-29', 'PG-39', 'PG-49']);
    const open = await list('?state=open');
    expect(open.total).toBe(47);
    expect(open.items.every((item) => item.state === 'open')).toBe(true);
  });

  it('searches words in the code, the title and the place, in any case, each word required', async () => {
    const bakers = await list('?q=BAKER');
    expect(bakers.total).toBe(11);
    expect(codes(await list('?q=baker%20pune'))).toEqual([
      'PG-05',
      'PG-15',
      'PG-25',
      'PG-35',
      'PG-45',
    ]);
    expect(codes(await list('?q=pg-07'))).toEqual(['PG-07']);
    expect(codes(await list('?q=baker&state=closed'))).toEqual([]);
    expect(codes(await list('?q=pune&state=closed'))).toEqual([
      'PG-09',
      'PG-19',
      'PG-29',
      'PG-39',
      'PG-49',
    ]);
    // % and _ are letters, not wildcards.
    expect((await list('?q=%25')).total).toBe(0);
    expect((await list('?q=PG_0')).total).toBe(0);
  });

  it('sorts by code, title (any case), state and effective date, either way, across pages', async () => {
    expect(codes(await list('?sort=code')).slice(0, 2)).toEqual(['PG-00', 'PG-01']);
    expect(codes(await list('?sort=-code')).slice(0, 2)).toEqual(['PG-54', 'PG-53']);
    expect(codes(await list('?sort=effective')).slice(0, 2)).toEqual(['PG-54', 'PG-53']);
    const titles = async (sort: string) =>
      [...(await list(`?sort=${sort}`)).items, ...(await list(`?sort=${sort}&page=2`)).items].map(
        (item) => item.title.toLowerCase(),
      );
    const byTitle = await titles('title');
    expect(byTitle).toHaveLength(55);
    expect(byTitle).toEqual([...byTitle].sort());
    expect(await titles('-title')).toEqual([...byTitle].reverse());
    const byState = [
      ...(await list('?sort=state')).items,
      ...(await list('?sort=state&page=2')).items,
    ].map((item) => item.state);
    expect(byState).toEqual([
      ...Array<string>(47).fill('open'),
      ...Array<string>(3).fill('scheduled'),
      ...Array<string>(5).fill('closed'),
    ]);
    expect((await list('?sort=-state')).items[0]?.state).toBe('closed');
  });

  it('a hiring manager pages, counts and searches only the openings whose team names them', async () => {
    const mine = await list('', 'manager');
    expect(mine).toMatchObject({ total: 2, page: 1 });
    expect(codes(mine)).toEqual(['PG-03', 'PG-54']);
    expect(mine.items[1]).toMatchObject({ applicants: 1, newApplicants: 1 });
    expect(codes(await list('?q=pg-5', 'manager'))).toEqual(['PG-54']);
    expect((await list('?q=pg-04', 'manager')).total).toBe(0);
    // An interviewer reaches applicants, not openings: neither list is theirs.
    for (const path of ['/api/recruiters/jobs', '/api/recruiters/job-choices']) {
      const res = await consoleRequest(t, sessions.interviewer, 'GET', path);
      expect(res.statusCode, path).toBe(403);
    }
  });

  it('the choices: every opening within reach, newest first, as id, code and title alone', async () => {
    const all = await get<OpeningChoice[]>('admin', '/api/recruiters/job-choices');
    expect(all).toHaveLength(55);
    expect(all[0]).toEqual({ id: ids[0], code: 'PG-00', title: 'Nightly Baker 0' });
    const mine = await get<OpeningChoice[]>('manager', '/api/recruiters/job-choices');
    expect(mine.map((choice) => choice.code)).toEqual(['PG-03', 'PG-54']);
  });

  it('refuses a malformed page, state or sort with 400', async () => {
    for (const query of ['?page=first', '?state=draft', '?sort=applicants', '?sort=-new']) {
      const res = await consoleRequest(t, sessions.admin, 'GET', `/api/recruiters/jobs${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
