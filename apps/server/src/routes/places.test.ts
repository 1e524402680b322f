import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminJobDetailSchema,
  adminJobSchema,
  careerListingListSchema,
  jobDetailListSchema,
} from '@lumenfield/contract';
import { applicationPayload, postApplication } from '../test/legacy/application';
import { adminCall, openingBody, openingDetailUrl, postOpening } from '../test/legacy/openings';
import { consoleHeaders, createUser, openSession } from '../test/console';
import { createTestApp, engine, type TestApp } from '../test/test-app';

/*
 * An opening's places and remote countries (docs/recruiters.md "Places"), through the published
 * admin API, the public detail, the careers list and an application.
 */

const pune = { City: 'Pune', Region: 'IN-MH', Country: 'IN' };
const denver = { City: 'Denver', Region: 'US-CO', Country: 'US' };
const manila = { City: 'Manila', Region: '', Country: 'PH' };

interface Problem {
  errors: { field: string; message: string }[];
}

describe(`an opening's places (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { pages: true });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    adminCall(t, method, url, body);
  const codes = async () =>
    adminJobSchema
      .array()
      .parse((await call('GET', '/api/admin/jobs')).json())
      .map((job) => job.JobCode);
  const refused = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/api/admin/jobs', openingBody(body));
    expect(res.statusCode).toBe(400);
    return (res.json() as Problem).errors;
  };

  it('round-trips Locations and RemoteCountries through create, detail, PATCH and the public detail', async () => {
    const id = await postOpening(
      t,
      openingBody({ JobCode: 'PL-1', JobLocation: 'Pune or Manila', Locations: [pune, manila] }),
    );
    const detail = async () =>
      adminJobDetailSchema.parse((await call('GET', `/api/admin/jobs/${id}`)).json());
    expect(await detail()).toMatchObject({
      JobLocation: 'Pune or Manila',
      Locations: [pune, manila],
      RemoteCountries: [],
    });

    const patched = await call('PATCH', `/api/admin/jobs/${id}`, {
      WorkplaceType: 'REMOTE',
      Locations: [manila],
      RemoteCountries: ['PH', 'IN'],
    });
    expect(patched.statusCode).toBe(200);
    expect(await detail()).toMatchObject({
      JobLocation: 'Pune or Manila',
      Locations: [manila],
      RemoteCountries: ['PH', 'IN'],
      WorkplaceType: 'REMOTE',
    });
    const publicDetail = jobDetailListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: openingDetailUrl(id), headers: t.headers() })
      ).json(),
    )[0];
    expect(publicDetail).toMatchObject({ Locations: [manila], RemoteCountries: ['PH', 'IN'] });
  });

  it('refuses an unknown country code or a region of another country, naming the place; nothing stored', async () => {
    expect(
      await refused({ JobCode: 'PL-BAD', Locations: [pune, { ...manila, Country: 'ZZ' }] }),
    ).toEqual([
      {
        field: 'Locations.1.Country',
        message: 'Place 2: "ZZ" is not a country code we know.',
      },
    ]);
    expect(
      await refused({ JobCode: 'PL-BAD', Locations: [{ ...denver, Region: 'IN-MH' }] }),
    ).toEqual([
      {
        field: 'Locations.0.Region',
        message:
          'Place 1: region "IN-MH" is not in United States of America (its code must start with US-).',
      },
    ]);
    expect(
      await refused({
        JobCode: 'PL-BAD',
        WorkplaceType: 'REMOTE',
        Locations: [pune],
        RemoteCountries: ['IN', 'XX'],
      }),
    ).toEqual([
      {
        field: 'RemoteCountries.1',
        message: 'Remote countries: "XX" is not a country code we know.',
      },
    ]);
    expect(await codes()).not.toContain('PL-BAD');
  });

  it('refuses a remote opening without the countries it may be held from; nothing stored', async () => {
    const errors = await refused({
      JobCode: 'PL-REMOTE',
      WorkplaceType: 'REMOTE',
      Locations: [pune],
    });
    expect(errors).toEqual([
      {
        field: 'RemoteCountries',
        message: 'A remote opening must name the countries it may be held from (remote countries).',
      },
    ]);
    expect(await codes()).not.toContain('PL-REMOTE');
    // Written as one free-text place, as before: its remote countries are the country it names.
    const id = await postOpening(
      t,
      openingBody({ JobCode: 'PL-TEXT', JobLocation: 'Remote, India' }),
    );
    expect(
      adminJobDetailSchema.parse((await call('GET', `/api/admin/jobs/${id}`)).json()),
    ).toMatchObject({ WorkplaceType: 'REMOTE', RemoteCountries: ['IN'] });
  });

  it('requires a pay range when one of two places is in a pay-transparency state', async () => {
    const errors = await refused({ JobCode: 'PL-PAY', Locations: [pune, denver] });
    expect(errors.map((e) => e.field)).toEqual(['PayMin', 'PayMax', 'PayCurrency', 'PayPeriod']);
    expect(errors[0]!.message).toBe(
      'is required: an opening with a place in Colorado (place 2: Denver, US-CO, US) must publish its pay range',
    );
    expect(await codes()).not.toContain('PL-PAY');
    // A remote opening that may be held from the United States is US remote.
    const remote = await refused({
      JobCode: 'PL-PAY',
      WorkplaceType: 'REMOTE',
      Locations: [pune],
      RemoteCountries: ['IN', 'US'],
    });
    expect(remote[0]!.message).toBe(
      'is required: a remote opening in the United States must publish its pay range',
    );
    const paid = await call(
      'POST',
      '/api/admin/jobs',
      openingBody({
        JobCode: 'PL-PAY',
        Locations: [pune, denver],
        PayMin: 90_000,
        PayMax: 110_000,
        PayCurrency: 'USD',
        PayPeriod: 'YEAR',
      }),
    );
    expect(paid.statusCode).toBe(201);
  });

  it("the careers list carries every place's country and its country filter matches any place", async () => {
    await call(
      'POST',
      '/api/admin/jobs',
      openingBody({
        JobCode: 'PL-CAREERS',
        JobTitle: 'Claims Analyst',
        JobLocation: 'Pune or Manila',
        Locations: [pune, manila],
      }),
    );
    const rows = careerListingListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/openings', headers: t.headers() })).json(),
    );
    const row = rows.find((r) => r.code === 'PL-CAREERS')!;
    expect(row).toMatchObject({ countryValue: 356, countryName: 'India' });
    expect(row.countries).toEqual([
      { value: 356, name: 'India' },
      { value: 608, name: 'Philippines' },
    ]);
    const page = await t.app.inject({ method: 'GET', url: '/careers?country=608' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('PL-CAREERS - Claims Analyst');
    expect(page.body).toMatch(/<option value="608"[^>]*>Philippines<\/option>/);
  });

  it('an application to a two-place opening must say which place; the chosen one is stored', async () => {
    const id = await postOpening(
      t,
      openingBody({
        JobCode: 'PL-APPLY',
        JobLocation: 'Pune or Manila',
        Locations: [pune, manila],
      }),
    );
    const stored = () =>
      t.db.handle.db.selectFrom('applicants').select('place').where('jobId', '=', id).execute();

    const without = await postApplication(t, id, applicationPayload());
    expect(without.statusCode).toBe(400);
    expect((without.json() as Problem).errors).toEqual([
      { field: 'LocationIndex', message: 'Please choose the place you would work from.' },
    ]);
    const outOfRange = await postApplication(t, id, applicationPayload({ LocationIndex: 2 }));
    expect(outOfRange.statusCode).toBe(400);
    expect(await stored()).toEqual([]);

    const chosen = await postApplication(t, id, applicationPayload({ LocationIndex: 1 }));
    expect(chosen.statusCode).toBe(201);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.place!)).toEqual({ city: 'Manila', region: '', country: 'PH' });

    // The console: its CSV's "Place applied for", and the countries a place may name.
    const session = await openSession(t, await createUser(t, 'rita.places@example.com'));
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/recruiters/applicants.csv?jobId=${id}`,
      headers: { cookie: session },
    });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.split('\r\n');
    const column = header!.split(',').indexOf('"Place applied for"');
    expect(column).toBeGreaterThan(0);
    expect(
      row!
        .split(',')
        .slice(column, column + 2)
        .join(','),
    ).toBe('"Manila, PH"');
    const countries = await t.app.inject({
      method: 'GET',
      url: '/api/recruiters/countries',
      headers: consoleHeaders(t, session),
    });
    expect(countries.statusCode).toBe(200);
    expect(countries.json()).toContainEqual({ code: 'PH', name: 'Philippines' });
  });
});
