import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careerListingListSchema, jobOpeningListSchema } from '@lumenfield/contract';
import { createRepositories } from '../domains';
import { OPENING_ROW_FIELDS, openingsListUrl } from '../test/legacy/openings';
import { createTestApp, engine, type TestApp } from '../test/test-app';

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const people = {
  recruitmentManagers: 'Ana Cruz',
  contactPersons: 'Ana Cruz',
  contactEmails: 'ana@example.com',
};

describe(`the careers list: terms, search and filters rendered by the server (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { pages: true });
    const jobs = createRepositories(t.db.handle.db).jobs;
    await jobs.create({
      ...people,
      code: 'GW-1',
      title: 'Guidewire Developer',
      location: 'Chicago, Illinois, USA',
      descriptionHtml: '<p>Write <strong>Gosu</strong> rules &amp; PCF changes.</p>',
      effectiveFrom: hourAgo(),
      isOpen: true,
      workplaceType: 'HYBRID',
      payMin: 120_000,
      payMax: 150_000,
      payCurrency: 'USD',
      payPeriod: 'YEAR',
    });
    await jobs.create({
      ...people,
      code: 'QA-2',
      title: 'QA Engineer',
      location: 'Hyderabad, Telangana, India',
      descriptionHtml: '<p>Playwright and Selenium.</p>',
      effectiveFrom: hourAgo(),
      isOpen: true,
      payMin: 1_200_000,
      payMax: 1_800_000,
      payCurrency: 'INR',
      payPeriod: 'YEAR',
    });
    await jobs.create({
      ...people,
      code: 'CCM-3',
      title: 'CCM Developer',
      location: 'Remote, USA',
      descriptionHtml: '<p>Document composition.</p>',
      effectiveFrom: hourAgo(),
      isOpen: true,
      workplaceType: 'REMOTE',
      employmentType: 'CONTRACTOR',
    });
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/careers${query}` });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const rows = (html: string) =>
    [...html.matchAll(/class="opening__title"[^>]*><a[^>]*>([^<]+)</g)].map((m) => m[1]);

  it('lists every opening with its terms and pay, and the filter form', async () => {
    const html = await page('');
    expect(rows(html)).toHaveLength(3);
    expect(html).toContain('3 Current Openings');
    expect(html).toContain('$120,000 – $150,000 a year');
    expect(html).toContain('₹12,00,000 – ₹18,00,000 a year');
    expect(html).toContain('Contract');
    const form = /<form[^>]*role="search"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/careers"');
    expect(html).toMatch(/<option value="356">India<\/option>/);
    expect(html).toMatch(/<option value="840">United States of America<\/option>/);
  });

  it('renders the list the URL asks for: words in the description, country, workplace', async () => {
    const byWords = await page('?q=gosu');
    expect(rows(byWords)).toEqual(['GW-1 - Guidewire Developer']);
    expect(byWords).toContain('1 Current Opening');
    expect(byWords).toMatch(/<input[^>]*name="q"[^>]*value="gosu"/);
    expect(rows(await page('?country=840')).sort()).toEqual([
      'CCM-3 - CCM Developer',
      'GW-1 - Guidewire Developer',
    ]);
    expect(rows(await page('?workplace=REMOTE'))).toEqual(['CCM-3 - CCM Developer']);
    expect(rows(await page('?country=840&workplace=HYBRID&q=guide'))).toEqual([
      'GW-1 - Guidewire Developer',
    ]);
  });

  it('ignores values that are no filter, and says so when nothing matches', async () => {
    expect(rows(await page('?workplace=OFFICE&country=abc'))).toHaveLength(3);
    const none = await page('?q=cobol');
    expect(rows(none)).toEqual([]);
    expect(none).toContain('0 Current Opening');
    expect(none).toContain('No openings match your search');
    expect(none).toMatch(/<a[^>]*href="\/careers"[^>]*>Clear filters<\/a>/);
  });

  it('GET /api/openings answers the rows; the public openings list keeps its shape', async () => {
    const listing = careerListingListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/openings', headers: t.headers() })).json(),
    );
    const gw = listing.find((row) => row.code === 'GW-1')!;
    expect(gw).toMatchObject({ countryValue: 840, workplaceType: 'HYBRID', payCurrency: 'USD' });
    expect(gw.searchText.split(' ')).toEqual(expect.arrayContaining(['gosu', 'pcf', 'gw', '1']));
    const list = (
      await t.app.inject({ method: 'GET', url: openingsListUrl, headers: t.headers() })
    ).json() as Record<string, unknown>[];
    expect(jobOpeningListSchema.parse(list)).toHaveLength(3);
    expect(Object.keys(list[0]!).sort()).toEqual(OPENING_ROW_FIELDS);
  });
});
