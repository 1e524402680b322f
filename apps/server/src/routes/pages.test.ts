import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TELL_ME_PATH, dedicatedRouteIds, routeIds, routes } from '@lumenfield/routes';
import { createRepositories } from '../domains';
import { createTestApp, engine, inlineScripts, type TestApp } from '../test/test-app';

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
    // The job alerts' pages answer a form or a link (routes/alerts.test.ts).
    for (const id of routeIds.filter(
      (other) => !['hr', 'jobs'].includes(other) && !dedicatedRouteIds.includes(other),
    )) {
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

  it("carries its own family's stylesheet in the page, allowed by its hash and no other", async () => {
    const hashes = new Set<string>();
    for (const url of ['/about', '/services/ccm', '/careers', `/careers/jobs/${jobId}`, '/nope']) {
      const res = await get(url);
      const css = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1];
      expect(css, url).toBeTruthy();
      const hash = crypto.createHash('sha256').update(css!, 'utf8').digest('base64');
      const csp = String(res.headers['content-security-policy']);
      // Its own hash, and only its own: one inline stylesheet per answer.
      expect(csp, url).toContain(`style-src 'self' 'sha256-${hash}';`);
      // And one inline script, the one that loads the page's scripts, by its own hash.
      const scripts = inlineScripts(res.body);
      expect(scripts, url).toHaveLength(1);
      const scriptHash = crypto.createHash('sha256').update(scripts[0]!, 'utf8').digest('base64');
      expect(csp, url).toContain(`script-src 'self' 'sha256-${scriptHash}';`);
      expect(csp.match(/sha256-/g), url).toHaveLength(2);
      expect(csp, url).not.toContain('unsafe-inline');
      // The files it is made of are named, never loaded: each stylesheet link is disabled.
      const links = res.body.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? [];
      expect(links.length, url).toBeGreaterThan(0);
      for (const link of links) expect(link, url).toContain(' disabled=""');
      hashes.add(hash);
    }
    // Each screen's own (the test app gives every screen one), and the shell's alone (404).
    expect(hashes.size).toBe(5);
  });

  it("answers the home page's 'Tell me' form without scripts with a 303 to the page chosen", async () => {
    const home = await get('/');
    expect(home.body).toContain(`action="${TELL_ME_PATH}" method="get"`);
    expect(home.body).toMatch(/<select[^>]*name="to"/);
    for (const [query, to] of [
      ['to=about', '/about'],
      ['to=servicesCcm', '/services/ccm'],
      ['to=nothing', '/'],
      ['to=jobs', '/'],
      ['', '/'],
      ['to=about&to=awards', '/'],
    ] as const) {
      const res = await get(`${TELL_ME_PATH}?${query}`);
      expect(res.statusCode, query).toBe(303);
      expect(res.headers.location, query).toBe(to);
    }
  });

  it('shows "About the role" once when the description opens with it', async () => {
    const id = await createRepositories(t.db.handle.db).jobs.create({
      code: 'AR-1',
      title: 'Role Heading Analyst',
      location: 'Stamford, CT, USA',
      recruitmentManagers: 'Ana Cruz',
      contactPersons: 'Ana Cruz',
      contactEmails: 'ana@example.com',
      descriptionHtml: '<h2>About the Role</h2><p>Reads claims.</p><h3>What you bring</h3>',
      effectiveFrom: minutesAgo(30),
      isOpen: true,
    });
    const own = await get(`/careers/jobs/${id}`);
    expect(own.body.match(/>About the Role</gi)).toHaveLength(1);
    expect(own.body).not.toContain('id="job-description-title"');
    // A description without that heading gets the page's own.
    const plain = await get(`/careers/jobs/${jobId}`);
    expect(plain.body).toContain(
      '<h2 id="job-description-title" class="job-main__title">About the role</h2>',
    );
  });

  it('renders a live page again when its data changes (an opening edited, one added)', async () => {
    // The app's own repositories: their listing cache learns of the change, as in the console.
    const { jobs } = t.app.repos;
    const id = await jobs.create({
      code: 'ED-1',
      title: 'Edited Analyst',
      location: 'Stamford, CT, USA',
      recruitmentManagers: 'Ana Cruz',
      contactPersons: 'Ana Cruz',
      contactEmails: 'ana@example.com',
      descriptionHtml: '<p>First words.</p>',
      effectiveFrom: minutesAgo(30),
      isOpen: true,
    });
    expect((await get(`/careers/jobs/${id}`)).body).toContain('First words.');
    const list = (await get('/careers')).body;
    await jobs.update(id, { descriptionHtml: '<p>Second words.</p>' });
    const edited = (await get(`/careers/jobs/${id}`)).body;
    expect(edited).toContain('Second words.');
    expect(edited).not.toContain('First words.');
    const added = await jobs.create({
      code: 'ED-2',
      title: 'Added Analyst',
      location: 'Stamford, CT, USA',
      recruitmentManagers: 'Ana Cruz',
      contactPersons: 'Ana Cruz',
      contactEmails: 'ana@example.com',
      descriptionHtml: '<p>New.</p>',
      effectiveFrom: minutesAgo(5),
      isOpen: true,
    });
    expect(list).not.toContain(`/careers/jobs/${added}"`);
    expect((await get('/careers')).body).toContain(`/careers/jobs/${added}"`);
  });
});
