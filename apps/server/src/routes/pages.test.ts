import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeIds, routes } from '@lumenfield/routes';
import { createRepositories } from '../repositories';
import { createTestApp, engine, type TestApp } from '../test/test-app';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe(`every page at its own path (${engine})`, () => {
  let t: TestApp;
  let jobId: number;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://www.example.com' }, { pages: true });
    jobId = await createRepositories(t.db.handle.db).jobs.create({
      code: 'DL-$&',
      title: "Dollar $` $' $& $$ Analyst",
      location: 'Stamford, CT, USA',
      recruitmentManagers: 'Ana Cruz',
      contactPersons: 'Ana Cruz',
      contactEmails: 'ana@example.com',
      descriptionHtml: "<p>Pays $$ and $& and $` and $' literally.</p>",
      effectiveFrom: minutesAgo(30),
      isOpen: true,
    });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers each route with its whole page: h1, title, canonical in path form', async () => {
    for (const id of routeIds.filter((other) => !['hr', 'job', 'jobs'].includes(other))) {
      const route = routes[id];
      const res = await get(route.path);
      expect(res.statusCode, route.path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body, route.path).toMatch(/<h1[^>]*>/);
      const owner = 'canonical' in route ? routes[route.canonical].path : route.path;
      expect(res.body, route.path).toContain(
        `<link rel="canonical" href="https://www.example.com${owner}"/>`,
      );
      expect(res.body).toContain('<meta property="og:title"');
      expect(res.body, route.path).not.toContain('noindex');
      expect(res.body).not.toContain('#/');
    }
    const ccm = await get('/services/ccm');
    expect(ccm.body).toContain(
      '<title>Print (CCM) Solutions | Lumenfield Technology Partners</title>',
    );
  });

  it('sends the live openings in the careers page', async () => {
    const res = await get('/careers');
    expect(res.body).toContain(`href="/careers/jobs/${jobId}"`);
    expect(res.body).toContain('Easy Apply');
  });

  it('moves other spellings and old job links to the canonical path with a 301', async () => {
    for (const [from, to] of [
      ['/careers/', '/careers'],
      ['/About', '/about'],
      ['/services/CCM/', '/services/ccm'],
      [`/careers/jobs/${jobId}/`, `/careers/jobs/${jobId}`],
      [`/jobs?JobID=${jobId}&PageFrom=careers`, `/careers/jobs/${jobId}`],
      [`/jobs?JobID=${jobId}`, `/careers/jobs/${jobId}`],
    ] as const) {
      const res = await get(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    // Without JobID the job screen uses the tab's remembered opening: a page, not a redirect.
    expect((await get('/jobs')).statusCode).toBe(200);
    expect((await get('/hr')).statusCode).toBe(302);
    expect((await get('/HR')).statusCode).toBe(404);
  });

  it('answers an unknown path with a real 404 and the helpful not-found page', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<h1[^>]*>/);
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    expect(res.body).toContain('href="/careers"');
    const api = await get('/api/nothing');
    expect(api.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it("shows $` $' $& $$ in an opening's text literally", async () => {
    const res = await get(`/careers/jobs/${jobId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<h1 id="job-title" class="page-intro__title">Dollar $` $&#x27; $&amp; $$ Analyst</h1>',
    );
    expect(res.body).toContain("<p>Pays $$ and $&amp; and $` and $' literally.</p>");
    expect(res.body).toContain('<title>Dollar $` $&#x27; $&amp; $$ Analyst (DL-$&amp;) |');
    expect(res.body).toContain('DL-$&amp;');
  });
});
