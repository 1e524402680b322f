import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../domains';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import type { WorkplaceType } from '@lumenfield/contract';
import { jobLocation } from './seo';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const base = {
  location: 'Chicago, Illinois, USA (hybrid)',
  recruitmentManagers: 'Ana Cruz',
  contactPersons: 'Ana Cruz',
  contactEmails: 'ana@example.com',
};

function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe(`robots.txt, sitemap.xml and job pages (${engine})`, () => {
  let t: TestApp;
  let site: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://www.example.com/' }, { pages: true });
    const jobs = createRepositories(t.db.handle.db).jobs;
    ids.open = await jobs.create({
      ...base,
      code: 'GW-101',
      title: 'Guidewire <Developer> & "Lead"',
      descriptionHtml:
        '<p>Build claims systems.</p><p>Say hi: </script><script>alert(1)</script></p>',
      effectiveFrom: minutesAgo(90),
      isOpen: true,
      employmentType: 'CONTRACTOR',
      workplaceType: 'HYBRID',
      payMin: 120_000,
      payMax: 150_000,
      payCurrency: 'USD',
      payPeriod: 'YEAR',
    });
    ids.remote = await jobs.create({
      ...base,
      code: 'QA-7',
      title: 'Test Analyst',
      location: 'Remote, USA',
      descriptionHtml: '<p>Test things.</p>',
      effectiveFrom: minutesAgo(10),
      isOpen: true,
    });
    ids.twoPlaces = await jobs.create({
      ...base,
      code: 'TWO-1',
      title: 'Claims Analyst',
      location: 'Denver or Hyderabad',
      locations: [
        { city: 'Denver', region: 'US-CO', country: 'US' },
        { city: 'Hyderabad', region: 'IN-TG', country: 'IN' },
      ],
      descriptionHtml: '<p>Two offices.</p>',
      effectiveFrom: minutesAgo(20),
      isOpen: true,
    });
    ids.remoteTwo = await jobs.create({
      ...base,
      code: 'REM-2',
      title: 'Support Engineer',
      location: 'Remote (India, Philippines)',
      locations: [{ city: 'Pune', region: '', country: 'IN' }],
      remoteCountries: ['IN', 'PH'],
      workplaceType: 'REMOTE',
      descriptionHtml: '<p>From home.</p>',
      effectiveFrom: minutesAgo(30),
      isOpen: true,
    });
    ids.closed = await jobs.create({
      ...base,
      code: 'OLD-1',
      title: 'Closed Role',
      descriptionHtml: '<p>Gone.</p>',
      effectiveFrom: minutesAgo(500),
      isOpen: false,
    });
    ids.future = await jobs.create({
      ...base,
      code: 'LATER-1',
      title: 'Later Role',
      descriptionHtml: '<p>Soon.</p>',
      effectiveFrom: minutesAgo(-600),
      isOpen: true,
    });

    // A second app, without PUBLIC_URL.
    site = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('robots.txt allows the site, keeps crawlers out of the API and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://www.example.com/sitemap.xml');
  });

  it('the sitemap lists the marketing pages and only the open, published job pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://www.example.com/');
    expect(locs).toContain('https://www.example.com/about');
    expect(locs).toContain('https://www.example.com/services/ccm');
    expect(locs).toContain('https://www.example.com/careers');
    expect(locs.some((l) => l?.includes('#'))).toBe(false);
    expect(locs).toContain(`https://www.example.com/careers/jobs/${ids.open}`);
    expect(locs).toContain(`https://www.example.com/careers/jobs/${ids.remote}`);
    expect(locs).not.toContain(`https://www.example.com/careers/jobs/${ids.closed}`);
    expect(locs).not.toContain(`https://www.example.com/careers/jobs/${ids.future}`);
    // Scroll aliases, the job template and the HR redirect are not separate pages.
    expect(locs.some((l) => /\/(jobs|hr|dashboard)$/.test(l ?? ''))).toBe(false);
    expect(locs.some((l) => l?.includes('/about/founders'))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('without PUBLIC_URL the URLs follow the request host', async () => {
    const res = await site.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'careers.example.org:8443' },
    });
    expect(res.body).toContain('Sitemap: http://careers.example.org:8443/sitemap.xml');
  });

  it('an open job answers server-rendered HTML with escaped text, Open Graph and JobPosting', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/careers/jobs/${ids.open}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toMatch(
      /<h1[^>]*>Guidewire &lt;Developer&gt; &amp; (&quot;|")Lead(&quot;|")<\/h1>/,
    );
    // The whole job screen: side panel, description, Apply.
    expect(html).toContain('Recruitment Manager');
    expect(html).toContain('Contact Person Details');
    expect(html).toContain('ana@example.com');
    // Apply is a link to the opening's own form until the page's scripts make it the dialog's button.
    expect(html).toMatch(/<a[^>]*href="\/careers\/jobs\/\d+\/apply"[^>]*>Apply<\/a>/);
    expect(html).toContain('Chicago, Illinois, USA (hybrid)');
    expect(html).toContain('<p>Build claims systems.</p>');
    expect(html).not.toContain('alert(1)');
    expect(html).toContain(
      `<link rel="canonical" href="https://www.example.com/careers/jobs/${ids.open}"/>`,
    );
    expect(html).toContain('<meta property="og:title" content="Guidewire &lt;Developer&gt;');
    expect(html).toContain(
      `<meta property="og:url" content="https://www.example.com/careers/jobs/${ids.open}"/>`,
    );
    expect(html).toMatch(/<meta name="description" content="Guidewire [^"]*Chicago/);
    // The JSON-LD, the page's data and the module script: nothing in the data can end one early.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(html).not.toContain('<script>alert');

    const ld = jsonLdOf(html);
    expect(ld['@type']).toBe('JobPosting');
    expect(ld.title).toBe('Guidewire <Developer> & "Lead"');
    expect(ld.description).toContain('Build claims systems.');
    expect(ld.datePosted).toBe(new Date(Date.parse(ld.datePosted as string)).toISOString());
    expect(Date.parse(ld.validThrough as string)).toBeGreaterThan(Date.now());
    expect(ld.employmentType).toBe('CONTRACTOR');
    expect(ld.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: {
        '@type': 'QuantitativeValue',
        minValue: 120_000,
        maxValue: 150_000,
        unitText: 'YEAR',
      },
    });
    expect(ld.jobLocationType).toBeUndefined();
    expect(ld.directApply).toBe(true);
    expect(ld.hiringOrganization).toMatchObject({
      '@type': 'Organization',
      name: 'Lumenfield Technology Partners',
    });
    expect(ld.jobLocation).toEqual([
      {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Chicago',
          addressRegion: 'Illinois',
          addressCountry: 'US',
        },
      },
    ]);
  });

  it('a remote opening is marked as telecommute with its country', async () => {
    const ld = jsonLdOf(
      (await t.app.inject({ method: 'GET', url: `/careers/jobs/${ids.remote}` })).body,
    );
    expect(ld.jobLocationType).toBe('TELECOMMUTE');
    expect(ld.employmentType).toBe('FULL_TIME');
    // No range published, no baseSalary.
    expect(ld).not.toHaveProperty('baseSalary');
    expect(ld.applicantLocationRequirements).toEqual([
      { '@type': 'Country', name: 'United States of America' },
    ]);
    expect(ld).not.toHaveProperty('jobLocation');
    const text = (location: string, workplaceType: WorkplaceType = 'ONSITE') =>
      jobLocation({ location, locations: null, workplaceType, remoteCountries: [] });
    expect(text('Hyderabad, India')).toEqual({
      jobLocation: [
        {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            addressLocality: 'Hyderabad',
            addressCountry: 'IN',
          },
        },
      ],
    });
    // The workplace type decides as well as the place's words.
    expect(text('Austin, Texas, USA', 'REMOTE')).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: [{ '@type': 'Country', name: 'United States of America' }],
    });
  });

  it('an opening with two places has one Place each in jobLocation', async () => {
    const ld = jsonLdOf(
      (await t.app.inject({ method: 'GET', url: `/careers/jobs/${ids.twoPlaces}` })).body,
    );
    expect(ld.jobLocationType).toBeUndefined();
    expect(ld.jobLocation).toEqual([
      {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Denver',
          addressRegion: 'Colorado',
          addressCountry: 'US',
        },
      },
      {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Hyderabad',
          addressRegion: 'Telangana',
          addressCountry: 'IN',
        },
      },
    ]);
  });

  it('a remote opening is TELECOMMUTE with one Country per remote country', async () => {
    const ld = jsonLdOf(
      (await t.app.inject({ method: 'GET', url: `/careers/jobs/${ids.remoteTwo}` })).body,
    );
    expect(ld.jobLocationType).toBe('TELECOMMUTE');
    expect(ld.applicantLocationRequirements).toEqual([
      { '@type': 'Country', name: 'India' },
      { '@type': 'Country', name: 'Philippines' },
    ]);
    expect(ld.jobLocation).toEqual([
      {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Pune', addressCountry: 'IN' },
      },
    ]);
  });

  it('a closed opening answers 410, an unknown or unpublished one 404', async () => {
    const closed = await t.app.inject({ method: 'GET', url: `/careers/jobs/${ids.closed}` });
    expect(closed.statusCode).toBe(410);
    // The job screen's own page, saying so in the site's frame, with no JobPosting data.
    expect(closed.body).toContain('This opening is no longer available');
    expect(closed.body).toContain('This position has been filled or closed.');
    expect(closed.body).toContain('<meta name="robots" content="noindex"/>');
    expect(closed.body).not.toContain('application/ld+json');
    for (const url of [
      `/careers/jobs/${ids.future}`,
      '/careers/jobs/999999',
      '/careers/jobs/abc',
      '/careers/jobs/1e3',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Later Role');
      expect(res.body).not.toContain('application/ld+json');
      expect(res.body, url).toMatch(
        /\/\d+$/.test(url) ? /There is no such opening/ : /We couldn(’|'|&#x27;)t find that page/,
      );
    }
  });

  it("a closed opening's 410 page names it and links open ones like it: its country's first", async () => {
    const closed = await t.app.inject({ method: 'GET', url: `/careers/jobs/${ids.closed}` });
    expect(closed.statusCode).toBe(410);
    expect(closed.body).toContain('Closed Role');
    expect(closed.body).toContain('Open roles like it');
    // Its country (the United States) shared, most recent first; Support Engineer (India and
    // the Philippines) is more recent than GW-101 but shares none.
    const links = [...closed.body.matchAll(/<a href="\/careers\/jobs\/(\d+)">/g)].map((m) =>
      Number(m[1]),
    );
    expect(links).toEqual([ids.remote, ids.twoPlaces, ids.open]);
    expect(closed.body).not.toContain('Support Engineer');
    expect(closed.body).toContain('See all openings');
    // An unpublished opening says nothing of itself.
    const later = await t.app.inject({ method: 'GET', url: `/careers/jobs/${ids.future}` });
    expect(later.body).not.toContain('Open roles like it');
  });

  it('API GETs carry an ETag and answer 304 when the client holds it', async () => {
    const url = '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0';
    const first = await t.app.inject({ method: 'GET', url, headers: t.headers() });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const tag = first.headers.etag;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...t.headers(), 'if-none-match': String(tag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...t.headers(), 'if-none-match': '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
    // The open ones: GW-101, QA-7 and the two with written places.
    expect(stale.json()).toHaveLength(4);
  });
});
