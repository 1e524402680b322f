import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE_NAME, jobDetailListSchema, jobOpeningListSchema } from '@lumenfield/contract';
import { createRepositories } from '../../../domains';
import { hostileStrings } from '../../../test/attack-strings';
import {
  NO_TERMS,
  OPENING_ROW_FIELDS,
  openingDetailUrl,
  openingsListUrl,
} from '../../../test/legacy/openings';
import { createTestApp, engine, type TestApp } from '../../../test/test-app';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe(`GET /api/Jobs/CareerDetailsRetrival (${engine})`, () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const jobs = createRepositories(t.db.handle.db).jobs;
    const base = {
      location: 'Manila, Philippines',
      descriptionHtml: '<p>Work on things.</p>',
      recruitmentManagers: 'Ana Cruz, Ben Ortiz',
      contactPersons: 'Ana Cruz, Ben Ortiz',
      contactEmails: 'ana@example.com, ben@example.com',
      isOpen: true,
    };
    ids.old = await jobs.create({
      ...base,
      code: 'OLD-1',
      title: 'Old',
      effectiveFrom: minutesAgo(3 * 1440 + 5),
    });
    ids.hour = await jobs.create({
      ...base,
      code: 'HOUR-1',
      title: 'Hour',
      effectiveFrom: minutesAgo(61),
    });
    ids.fresh = await jobs.create({
      ...base,
      code: 'NEW-1',
      title: 'Fresh',
      effectiveFrom: minutesAgo(7),
    });
    ids.closed = await jobs.create({
      ...base,
      code: 'CLOSED-1',
      title: 'Closed',
      effectiveFrom: minutesAgo(30),
      isOpen: false,
    });
    ids.future = await jobs.create({
      ...base,
      code: 'LATER-1',
      title: 'Later',
      effectiveFrom: minutesAgo(-120),
    });
  });
  afterAll(() => t.close());

  it('lists open, effective openings newest first with their ages and the count', async () => {
    const before = Date.now();
    const res = await t.app.inject({ method: 'GET', url: openingsListUrl, headers: t.headers() });
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const list = jobOpeningListSchema.parse(res.json());
    expect(list.map((j) => j.JobCode)).toEqual(['NEW-1', 'HOUR-1', 'OLD-1']);
    expect(list[0]).toMatchObject({
      JobTitle: 'Fresh',
      JobLocation: 'Manila, Philippines',
      DateCount: 0,
      HourCount: 0,
    });
    // Ages are whole minutes as of the start of the minute the answer was made in (docs/api.md):
    // the answer is cached, and changes once a minute at most without a write.
    const jobs = createRepositories(t.db.handle.db).jobs;
    const minutesOf = async (id: number) => {
      const from = Date.parse((await jobs.findById(id))!.effectiveFrom);
      const at = (instant: number) =>
        Math.floor((Math.floor(instant / 60_000) * 60_000 - from) / 60_000);
      return [at(before), at(after)];
    };
    expect(await minutesOf(ids.fresh!)).toContain(list[0]!.MinuteCount);
    expect(list[1]).toMatchObject({ DateCount: 0, HourCount: 1 });
    expect(await minutesOf(ids.hour!)).toContain(list[1]!.MinuteCount);
    expect(list[2]).toMatchObject({ DateCount: 3, HourCount: 72 });
    expect(list.every((j) => j.CurerntOpening === 3)).toBe(true);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(OPENING_ROW_FIELDS);
  });

  it('sets the XSRF cookie on a public GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: openingsListUrl, headers: t.headers() });
    expect(res.cookies.some((c) => c.name === XSRF_COOKIE_NAME)).toBe(true);
  });

  it('answers the detail as a one-item list with the spec field names', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: openingDetailUrl(ids.hour!),
      headers: t.headers(),
    });
    expect(res.statusCode).toBe(200);
    const [detail, ...rest] = jobDetailListSchema.parse(res.json());
    expect(rest).toEqual([]);
    expect(detail).toEqual({
      Job_id: ids.hour,
      JobCode: 'HOUR-1',
      JobTitle: 'Hour',
      JobLocation: 'Manila, Philippines',
      EffectiveFrom: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      Recruitment_Manager: 'Ana Cruz, Ben Ortiz',
      ContactPerson: 'Ana Cruz, Ben Ortiz',
      ContactPersonMail: 'ana@example.com, ben@example.com',
      Job_Description: '<p>Work on things.</p>',
      ...NO_TERMS,
      // The one place the free-text location names; no questions were asked.
      Locations: [{ City: 'Manila', Region: '', Country: 'PH' }],
      RemoteCountries: [],
      Questions: [],
    });
  });

  it.each([
    ['closed', () => ids.closed!],
    ['not yet effective', () => ids.future!],
    ['unknown', () => 987654],
  ])('answers 404 for a %s opening', async (_, id) => {
    const res = await t.app.inject({
      method: 'GET',
      url: openingDetailUrl(id()),
      headers: t.headers(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it.each([
    ['an unknown ActionFlag', '/api/Jobs/CareerDetailsRetrival?ActionFlag=AllJobs&jobID=0'],
    ['a missing ActionFlag', '/api/Jobs/CareerDetailsRetrival?jobID=0'],
    ['a non-numeric jobID', openingDetailUrl('abc')],
    ['a negative jobID', openingDetailUrl(-1)],
    ['a missing jobID', '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings'],
  ])('answers 400 for %s', async (_, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: t.headers() });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(body.errors.length).toBeGreaterThan(0);
  });

  it('refuses a call without the fixed header', async () => {
    const res = await t.app.inject({ method: 'GET', url: openingsListUrl });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403 });
  });

  it('treats SQL-injection and path-traversal strings in every parameter as plain bad input', async () => {
    for (const evil of hostileStrings) {
      const e = encodeURIComponent(evil);
      for (const url of [
        `/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpeningsDetail&jobID=${e}`,
        `/api/Jobs/CareerDetailsRetrival?ActionFlag=${e}&jobID=0`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: t.headers() });
        expect(res.statusCode).toBe(400);
        expect(res.body).not.toMatch(/sqlite|syntax|select |stack|at .*\.ts/i);
      }
    }
    const after = await t.app.inject({ method: 'GET', url: openingsListUrl, headers: t.headers() });
    expect(after.json()).toHaveLength(3);
  });
});
