import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobInput } from '../domains/openings/jobs-repository';
import { consoleHeaders, createUser, openSession } from '../test/console';
import { openingBody } from '../test/legacy/openings';
import { openingInput } from '../test/openings';
import { createTestApp, engine, type TestApp } from '../test/test-app';

const ATOM = 'http://www.w3.org/2005/Atom';
const ORIGIN = 'https://careers.example.com';

interface XmlElement {
  name: string;
  ns: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Parses XML strictly (a malformed document throws) into a small tree. */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlElement = { name: '#document', ns: '', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.local,
      ns: tag.uri,
      attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local, a.value])),
      children: [],
      text: '',
    };
    stack.at(-1)!.children.push(element);
    stack.push(element);
  });
  parser.on('text', (text) => {
    stack.at(-1)!.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  return root.children[0]!;
}

const child = (element: XmlElement, name: string) =>
  element.children.find((each) => each.name === name);
const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((each) => each.name === name);

describe(`the careers feed, /careers/feed.atom (${engine})`, () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: ORIGIN });
    const base: Omit<JobInput, 'code' | 'title'> = {
      location: 'Bengaluru, Karnataka, India',
      descriptionHtml: '<p>Join us.</p>',
      effectiveFrom: new Date(Date.now() - 3_600_000).toISOString(),
      recruitmentManagers: 'Rahul Menon',
      contactPersons: 'Priya Raman',
      contactEmails: 'priya.raman@example.com',
      isOpen: true,
    };
    ids.remote = await t.app.repos.jobs.create({
      ...base,
      code: 'FEED-1',
      title: 'Remote Tester & <Automation> Lead',
      workplaceType: 'REMOTE',
    });
    ids.onsite = await t.app.repos.jobs.create({
      ...base,
      code: 'FEED-2',
      title: 'Onsite Analyst',
      workplaceType: 'ONSITE',
    });
    ids.closed = await t.app.repos.jobs.create({
      ...base,
      code: 'FEED-3',
      title: 'Closed Role',
      isOpen: false,
    });
    ids.scheduled = await t.app.repos.jobs.create({
      ...base,
      code: 'FEED-4',
      title: 'Scheduled Role',
      effectiveFrom: new Date(Date.now() + 86_400_000).toISOString(),
    });
  });
  afterAll(() => t.close());

  const feed = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/careers/feed.atom${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const root = parseXml(res.body);
    expect(root).toMatchObject({ name: 'feed', ns: ATOM });
    return root;
  };
  const titles = (root: XmlElement) =>
    childrenNamed(root, 'entry').map((entry) => child(entry, 'title')!.text);

  it('is Atom 1.0 of the openings visible now, with absolute links on the public origin', async () => {
    const root = await feed();
    expect(child(root, 'id')!.text).toBe(`${ORIGIN}/careers/feed.atom`);
    expect(child(root, 'title')!.text).toContain('Career opportunities');
    expect(Number.isNaN(Date.parse(child(root, 'updated')!.text))).toBe(false);
    const links = childrenNamed(root, 'link').map((l) => l.attributes);
    expect(links).toContainEqual({
      rel: 'self',
      type: 'application/atom+xml',
      href: `${ORIGIN}/careers/feed.atom`,
    });
    expect(links).toContainEqual({
      rel: 'alternate',
      type: 'text/html',
      href: `${ORIGIN}/careers`,
    });

    expect(titles(root).sort()).toEqual(
      ['Onsite Analyst (FEED-2)', 'Remote Tester & <Automation> Lead (FEED-1)'].sort(),
    );
    const entry = childrenNamed(root, 'entry').find((e) =>
      child(e, 'id')!.text.endsWith(`/${ids.remote}`),
    )!;
    expect(child(entry, 'id')!.text).toBe(`${ORIGIN}/careers/jobs/${ids.remote}`);
    expect(child(entry, 'link')!.attributes).toEqual({
      rel: 'alternate',
      type: 'text/html',
      href: `${ORIGIN}/careers/jobs/${ids.remote}`,
    });
    expect(Number.isNaN(Date.parse(child(entry, 'updated')!.text))).toBe(false);
    expect(child(entry, 'summary')!.text).toContain('Bengaluru');
    expect(child(entry, 'summary')!.text).toContain('Remote');
  });

  it('takes the careers page’s filters', async () => {
    const remote = await feed('?workplace=REMOTE');
    expect(titles(remote)).toEqual(['Remote Tester & <Automation> Lead (FEED-1)']);
    expect(child(remote, 'id')!.text).toBe(`${ORIGIN}/careers/feed.atom?workplace=REMOTE`);
    expect(titles(await feed('?q=analyst'))).toEqual(['Onsite Analyst (FEED-2)']);
    expect(titles(await feed('?q=nothing-matches-this'))).toEqual([]);
  });

  it('drops an opening once it closes', async () => {
    expect(titles(await feed())).toContain('Onsite Analyst (FEED-2)');
    await t.app.repos.jobs.update(ids.onsite!, { isOpen: false });
    expect(titles(await feed())).toEqual(['Remote Tester & <Automation> Lead (FEED-1)']);
  });
});

describe(`the careers page names its feed and offers the alert form (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: ORIGIN }, { pages: true });
  });
  afterAll(() => t.close());

  it('a <link rel="alternate"> to the feed of the list as filtered, and a plain form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/careers?q=qa&workplace=REMOTE' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="https:\/\/careers\.example\.com\/careers\/feed\.atom\?q=qa&amp;workplace=REMOTE"\/>/,
    );
    // The subscribe form posts to the alerts' page, with the filters as hidden fields.
    expect(res.body).toMatch(
      /<form class="alert-form"[^>]*action="\/careers\/alerts" method="post"/,
    );
    expect(res.body).toContain('<input type="hidden" name="q" value="qa"/>');
    expect(res.body).toContain('<input type="hidden" name="workplace" value="REMOTE"/>');
  });
});

/** Every character XML 1.0 forbids in text (tab and line breaks are allowed). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/;
/** What a recruiter might paste, or an old row might hold: each character XML forbids. */
const HOSTILE = 'QA \ufffe\uffff\u0001\u000b\u001f\ud800 Lead';

describe(`text XML forbids never reaches the feed, the sitemap or JSON-LD (${engine})`, () => {
  let t: TestApp;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: ORIGIN }, { pages: true });
    const session = await openSession(t, await createUser(t, 'ada.xml@example.com', 'admin'));
    const hour = new Date(Date.now() - 3_600_000).toISOString();
    // Through the bearer API and the console's API: cleaned as they are written.
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs',
      headers: { authorization: `Bearer ${t.config.adminToken ?? ''}` },
      payload: openingBody({
        JobCode: 'XML-1',
        JobTitle: `Admin ${HOSTILE}`,
        JobLocation: `Pune \uffff, India`,
        EffectiveFrom: hour,
        Job_Description: `<p>Bad \ufffe text\u0001.</p>`,
      }),
    });
    expect(admin.statusCode, admin.body).toBe(201);
    ids.push((admin.json() as { Job_id: number }).Job_id);
    const console = await t.app.inject({
      method: 'POST',
      url: '/api/recruiters/jobs',
      headers: { ...consoleHeaders(t, session, 'write'), 'content-type': 'application/json' },
      payload: JSON.stringify(
        openingInput({
          code: 'XML-2',
          title: `Console ${HOSTILE}`,
          effectiveFrom: hour,
          description: `<p>Also \uffff here.</p>`,
        }),
      ),
    });
    expect(console.statusCode, console.body).toBe(201);
    ids.push((console.json() as { id: number }).id);
    // Straight into the database: a row written before the cleaning (PostgreSQL refuses NUL).
    ids.push(
      await t.app.repos.jobs.create({
        code: 'XML-3\ufffe',
        // A lone surrogate cannot be stored (both drivers write U+FFFD): the rest can.
        title: 'Old QA \ufffe\uffff\u0001\u000b\u001f Lead',
        location: 'Chennai\u0001, India',
        descriptionHtml: '<p>Old \uffff row\u0002.</p>',
        effectiveFrom: hour,
        recruitmentManagers: 'Rahul Menon',
        contactPersons: 'Priya Raman',
        contactEmails: 'priya.raman@example.com',
        isOpen: true,
      }),
    );
  });
  afterAll(() => t.close());

  it('the APIs store the titles without them', async () => {
    for (const id of ids.slice(0, 2)) {
      const job = await t.app.repos.jobs.findById(id);
      expect(job!.title).not.toMatch(NOT_XML);
      expect(job!.title).toMatch(/^(Admin|Console) QA {2}Lead$/);
      expect(job!.location).not.toMatch(NOT_XML);
      expect(job!.descriptionHtml).not.toMatch(NOT_XML);
    }
  });

  it('the feed and the sitemap parse as XML, with every title there, cleaned', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/careers/feed.atom' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(NOT_XML);
    const titles = childrenNamed(parseXml(res.body), 'entry').map((e) => child(e, 'title')!.text);
    expect(titles.sort()).toEqual([
      'Admin QA  Lead (XML-1)',
      'Console QA  Lead (XML-2)',
      'Old QA  Lead (XML-3)',
    ]);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toMatch(NOT_XML);
    const locs = parseXml(sitemap.body).children.map((url) => child(url, 'loc')!.text);
    for (const id of ids) expect(locs).toContain(`${ORIGIN}/careers/jobs/${id}`);
  });

  it("each job page's JSON-LD holds none of them", async () => {
    for (const id of ids) {
      const res = await t.app.inject({ method: 'GET', url: `/careers/jobs/${id}` });
      expect(res.statusCode).toBe(200);
      const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body);
      const ld = JSON.parse(match![1]!) as { title: string; description: string };
      expect(JSON.stringify(ld)).not.toMatch(NOT_XML);
      const text = (value: unknown): string[] =>
        typeof value === 'string'
          ? [value]
          : value && typeof value === 'object'
            ? Object.values(value).flatMap(text)
            : [];
      expect(text(ld).filter((value) => NOT_XML.test(value))).toEqual([]);
      expect(ld.title).toMatch(/QA {2}Lead$/);
    }
  });
});
