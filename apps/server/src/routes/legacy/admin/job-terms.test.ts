import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminJobDetailSchema, adminJobSchema, jobDetailListSchema } from '@lumenfield/contract';
import {
  adminCall,
  NO_TERMS,
  openingBody,
  openingDetailUrl,
  postOpening,
} from '../../../test/legacy/openings';
import { createTestApp, engine, type TestApp } from '../../../test/test-app';
import { createRepositories } from '../../../domains';

const newJob = (overrides: Record<string, unknown> = {}) =>
  openingBody({ JobCode: 'TERMS-1', ...overrides });

const range = { PayMin: 45_000, PayMax: 65_000.5, PayCurrency: 'PHP', PayPeriod: 'MONTH' };

describe(`openings' employment, workplace and pay terms (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    adminCall(t, method, url, body);
  const detail = async (id: number) =>
    adminJobDetailSchema.parse((await call('GET', `/api/admin/jobs/${id}`)).json());
  const publicDetail = async (id: number) =>
    jobDetailListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: openingDetailUrl(id), headers: t.headers() })
      ).json(),
    )[0];

  it('round-trips the terms through create, list, detail, PATCH and JobOpeningsDetail', async () => {
    const id = await postOpening(
      t,
      newJob({ EmploymentType: 'PART_TIME', WorkplaceType: 'HYBRID', ...range }),
    );
    const terms = { EmploymentType: 'PART_TIME', WorkplaceType: 'HYBRID', ...range };
    expect(await detail(id)).toMatchObject(terms);
    const list = adminJobSchema.array().parse((await call('GET', '/api/admin/jobs')).json());
    expect(list.find((j) => j.Job_id === id)).toMatchObject(terms);
    expect(await publicDetail(id)).toMatchObject(terms);

    const patched = await call('PATCH', `/api/admin/jobs/${id}`, {
      EmploymentType: 'CONTRACTOR',
      WorkplaceType: 'REMOTE',
      PayMax: 70_000,
    });
    expect(patched.statusCode).toBe(200);
    const changed = {
      ...terms,
      EmploymentType: 'CONTRACTOR',
      WorkplaceType: 'REMOTE',
      PayMax: 70_000,
    };
    expect(adminJobDetailSchema.parse(patched.json())).toMatchObject(changed);
    expect(await publicDetail(id)).toMatchObject(changed);

    const noPay = { PayMin: null, PayMax: null, PayCurrency: null, PayPeriod: null };
    const cleared = await call('PATCH', `/api/admin/jobs/${id}`, noPay);
    expect(cleared.statusCode).toBe(200);
    expect(await detail(id)).toMatchObject(noPay);
  });

  it('creates full time, on site and without pay when no terms are sent', async () => {
    const id = (await call('POST', '/api/admin/jobs', newJob({ JobCode: 'TERMS-2' }))).json()
      .Job_id as number;
    expect(await detail(id)).toMatchObject(NO_TERMS);
  });

  it('refuses an incomplete or inverted range, naming the fields', async () => {
    const fields = async (
      body: Record<string, unknown>,
      method: 'POST' | 'PATCH' = 'POST',
      id = 0,
    ) => {
      const res =
        method === 'POST'
          ? await call('POST', '/api/admin/jobs', newJob({ JobCode: 'TERMS-BAD', ...body }))
          : await call('PATCH', `/api/admin/jobs/${id}`, body);
      expect(res.statusCode).toBe(400);
      return (res.json() as { errors: { field: string }[] }).errors.map((e) => e.field).sort();
    };
    expect(await fields({ PayMin: 10 })).toEqual(['PayCurrency', 'PayMax', 'PayPeriod']);
    expect(await fields({ ...range, PayMin: 70_000 })).toEqual(['PayMin']);
    expect(await fields({ ...range, PayCurrency: 'pesos' })).toEqual(['PayCurrency']);
    expect(await fields({ ...range, PayPeriod: 'WEEK' })).toEqual(['PayPeriod']);
    expect(await fields({ ...range, WorkplaceType: 'OFFICE' })).toEqual(['WorkplaceType']);

    // A patch is judged together with what the opening already has.
    const id = (
      await call('POST', '/api/admin/jobs', newJob({ JobCode: 'TERMS-3', ...range }))
    ).json().Job_id as number;
    expect(await fields({ PayMax: 100 }, 'PATCH', id)).toEqual(['PayMin']);
    expect(await fields({ PayCurrency: null }, 'PATCH', id)).toEqual(['PayCurrency']);
    expect(await detail(id)).toMatchObject(range);
  });

  it('records when an opening closed, keeps the first close and clears it on reopening', async () => {
    const jobs = createRepositories(t.db.handle.db).jobs;
    const id = (await call('POST', '/api/admin/jobs', newJob({ JobCode: 'TERMS-4' }))).json()
      .Job_id as number;
    expect((await jobs.findById(id))?.closedAt).toBeNull();
    const first = new Date('2026-03-01T10:00:00.000Z');
    await jobs.update(id, { isOpen: false }, first);
    await jobs.update(id, { isOpen: false }, new Date('2026-04-01T10:00:00.000Z'));
    expect((await jobs.findById(id))?.closedAt).toBe(first.toISOString());
    await jobs.update(id, { isOpen: true });
    expect((await jobs.findById(id))?.closedAt).toBeNull();
    expect((await call('PATCH', `/api/admin/jobs/${id}`, { IsOpen: false })).statusCode).toBe(200);
    expect((await jobs.findById(id))?.closedAt).toEqual(expect.any(String));
  });

  describe('pay transparency', () => {
    const usd = { PayMin: 120_000, PayMax: 150_000, PayCurrency: 'USD', PayPeriod: 'YEAR' };
    const refused = (res: { statusCode: number; json(): unknown }) => {
      expect(res.statusCode).toBe(400);
      const errors = (res.json() as { errors: { field: string; message: string }[] }).errors;
      return errors.map((e) => e.field).sort();
    };

    it('refuses a New York opening without a range, naming the fields', async () => {
      const res = await call(
        'POST',
        '/api/admin/jobs',
        newJob({ JobCode: 'PT-1', JobLocation: 'New York, NY' }),
      );
      expect(refused(res)).toEqual(['PayCurrency', 'PayMax', 'PayMin', 'PayPeriod']);
      expect(JSON.stringify(res.json())).toContain('New York must publish its pay range');
      const ok = await call(
        'POST',
        '/api/admin/jobs',
        newJob({ JobCode: 'PT-1', JobLocation: 'New York, NY', ...usd }),
      );
      expect(ok.statusCode).toBe(201);
    });

    it('holds for remote openings in the USA, and not for Texas or India', async () => {
      const remote = await call(
        'POST',
        '/api/admin/jobs',
        newJob({ JobCode: 'PT-2', JobLocation: 'Remote, USA' }),
      );
      expect(refused(remote)).toContain('PayMin');
      const id = await postOpening(
        t,
        newJob({ JobCode: 'PT-3', JobLocation: 'Austin, Texas, USA' }),
      );
      // Made remote later: now anyone in the pay-transparency states may take it.
      expect(
        refused(await call('PATCH', `/api/admin/jobs/${id}`, { WorkplaceType: 'REMOTE' })),
      ).toContain('PayMin');
      const india = await postOpening(t, newJob({ JobCode: 'PT-4', JobLocation: 'Remote, India' }));
      expect(await detail(india)).toMatchObject({
        WorkplaceType: 'REMOTE',
      });
    });

    it('judges patches by what the opening becomes: moved, stripped of its range or reopened', async () => {
      const id = (
        await call(
          'POST',
          '/api/admin/jobs',
          newJob({ JobCode: 'PT-5', JobLocation: 'Austin, Texas, USA' }),
        )
      ).json().Job_id as number;
      expect(
        refused(await call('PATCH', `/api/admin/jobs/${id}`, { JobLocation: 'Chicago, IL' })),
      ).toContain('PayMin');
      expect(
        (await call('PATCH', `/api/admin/jobs/${id}`, { JobLocation: 'Chicago, IL', ...usd }))
          .statusCode,
      ).toBe(200);
      const strip = { PayMin: null, PayMax: null, PayCurrency: null, PayPeriod: null };
      expect(refused(await call('PATCH', `/api/admin/jobs/${id}`, strip))).toContain('PayMin');
      // A closed opening is not published: it may lose its range, but not be reopened without.
      expect(
        (await call('PATCH', `/api/admin/jobs/${id}`, { IsOpen: false, ...strip })).statusCode,
      ).toBe(200);
      expect(refused(await call('PATCH', `/api/admin/jobs/${id}`, { IsOpen: true }))).toContain(
        'PayMin',
      );
      expect((await detail(id)).IsOpen).toBe(false);
      expect(
        (await call('PATCH', `/api/admin/jobs/${id}`, { IsOpen: true, ...usd })).statusCode,
      ).toBe(200);
    });
  });
});
