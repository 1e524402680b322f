import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { applicationPayload, createOpening } from '../test/legacy/application';
import { consoleRequest, createUser, openSession } from '../test/console';
import { ARRIVAL_COOKIE } from '../plugins/arrival';

/**
 * Sources (docs/recruiters.md): a tracking link lands on its opening, the page visit records
 * how the visitor arrived, and the application credits one source by precedence
 * (link > UTM > referrer > "Referred by"), joined to the named sources, and keeps the raw
 * values, cleaned.
 */
describe(`sources and tracking links (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let userId: number;
  let linkedInId: number;
  let linkToken: string;
  let email = 0;

  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'SRC-1');
    userId = (await createUser(t, 'sources-admin@example.com', 'admin')).id;
    linkedInId = await t.app.repos.sources.createSource(
      { name: 'LinkedIn', kind: 'social' },
      userId,
      new Date(),
    );
    linkToken = (
      await t.app.repos.sources.createLink({ sourceId: linkedInId, jobId }, userId, new Date())
    ).token;
  });
  afterAll(() => t.close());

  /** A page visit as a browser makes it; the arrival cookie it set ('' for none). */
  async function visit(url: string, referer?: string): Promise<string> {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { host: 'careers.test', ...(referer ? { referer } : {}) },
    });
    const cookie = res.cookies.find((c) => c.name === ARRIVAL_COOKIE);
    return cookie ? `${cookie.name}=${cookie.value}` : '';
  }

  /** Applies through the old client's API with the browser's cookies; the stored row. */
  async function apply(arrivalCookie: string, referredBy: string | null = null) {
    const headers = t.headers('write');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/Jobs/SaveApplicantDetail?jobID=${jobId}`,
      headers: {
        ...headers,
        cookie: [headers.cookie, arrivalCookie].filter(Boolean).join('; '),
        'content-type': 'application/json',
      },
      payload: JSON.stringify(
        applicationPayload({ Email: `visitor${++email}@example.com`, ReferredBy: referredBy }),
      ),
    });
    expect(res.statusCode).toBe(201);
    return t.db.handle.db
      .selectFrom('applicants')
      .select(['sourceId', 'trackingLinkId', 'sourceName', 'sourceVia', 'arrival'])
      .where('id', '=', res.json().ApplicantID)
      .executeTakeFirstOrThrow();
  }

  it('lands a tracking link on its opening, carrying its token; an unknown one on /careers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/r/${linkToken}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/careers/jobs/${jobId}?src=${linkToken}`);
    const unknown = await t.app.inject({ method: 'GET', url: '/r/no-such-token' });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/careers');
  });

  it('records the link and its referrer host at /r/; the page it lands on keeps them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/r/${linkToken}`,
      headers: { host: 'careers.test', referer: 'https://www.linkedin.com/' },
    });
    const set = res.cookies.find((c) => c.name === ARRIVAL_COOKIE)!;
    const cookie = `${set.name}=${set.value}`;
    // The landing (no Referer sent again) says nothing new: the cookie stays as it is.
    const landing = await t.app.inject({
      method: 'GET',
      url: res.headers.location as string,
      headers: { host: 'careers.test', cookie },
    });
    expect(landing.cookies.find((c) => c.name === ARRIVAL_COOKIE)).toBeUndefined();
    const row = await apply(cookie);
    expect(row).toMatchObject({ sourceName: 'LinkedIn', sourceVia: 'link' });
    expect(JSON.parse(row.arrival!)).toEqual({ src: linkToken, referrerHost: 'www.linkedin.com' });
  });

  it('credits by precedence: link > UTM > referrer > "Referred by", in every combination', async () => {
    for (let mask = 0; mask < 16; mask++) {
      const link = (mask & 1) !== 0;
      const utm = (mask & 2) !== 0;
      const referrer = (mask & 4) !== 0;
      const heard = (mask & 8) !== 0;
      const query = [link && `src=${linkToken}`, utm && 'utm_source=newsletter']
        .filter(Boolean)
        .join('&');
      const cookie = await visit(
        `/careers/jobs/${jobId}${query ? `?${query}` : ''}`,
        referrer ? 'https://www.example.org/some/page?q=1' : undefined,
      );
      const row = await apply(cookie, heard ? 'A friend at a meetup' : null);
      const expected = link
        ? { sourceName: 'LinkedIn', sourceVia: 'link', sourceId: linkedInId }
        : utm
          ? { sourceName: 'newsletter', sourceVia: 'utm', sourceId: null }
          : referrer
            ? { sourceName: 'www.example.org', sourceVia: 'referrer', sourceId: null }
            : heard
              ? { sourceName: 'Referral', sourceVia: 'heard', sourceId: null }
              : { sourceName: null, sourceVia: null, sourceId: null };
      expect({ mask, ...row, arrival: undefined, trackingLinkId: undefined }).toEqual({
        mask,
        ...expected,
        arrival: undefined,
        trackingLinkId: undefined,
      });
    }
  });

  it('joins a UTM value, a referrer and a "Referred by" answer to the source they name', async () => {
    const viaUtm = await apply(await visit(`/careers/jobs/${jobId}?utm_source=linked_in`));
    expect(viaUtm).toMatchObject({
      sourceName: 'LinkedIn',
      sourceVia: 'utm',
      sourceId: linkedInId,
    });
    const viaHost = await apply(await visit(`/careers/jobs/${jobId}`, 'https://uk.linkedin.com/'));
    expect(viaHost).toMatchObject({
      sourceName: 'LinkedIn',
      sourceVia: 'referrer',
      sourceId: linkedInId,
    });
    const viaAnswer = await apply('', ' linkedin ');
    expect(viaAnswer).toMatchObject({
      sourceName: 'LinkedIn',
      sourceVia: 'heard',
      sourceId: linkedInId,
    });
    // A person's name is no source: credited as a referral, the name kept with the answer only.
    const person = await apply('', 'Priya Raman');
    expect(person).toMatchObject({ sourceName: 'Referral', sourceVia: 'heard', sourceId: null });
    const sources = await t.app.repos.sources.list();
    expect(sources.map((source) => source.name)).not.toContain('Priya Raman');
    expect(sources.find((source) => source.id === linkedInId)?.applicants).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('does not take our own host for a referrer, and a visit that says nothing keeps the arrival', async () => {
    expect(await visit(`/careers/jobs/${jobId}`, 'http://careers.test/careers')).toBe('');
  });

  it('keeps the raw values as received: control characters stripped, cut at 200, not HTML', async () => {
    const long = 'x'.repeat(500);
    const cookie = await visit(
      `/careers?utm_source=${encodeURIComponent('<b>news</b>\u0007letter')}&utm_medium=email&utm_campaign=${long}&utm_term=a%00b&utm_content=hero`,
      'https://news.example.net/',
    );
    const row = await apply(cookie);
    expect(row.sourceName).toBe('<b>news</b>letter');
    expect(row.sourceVia).toBe('utm');
    expect(JSON.parse(row.arrival!)).toEqual({
      utmSource: '<b>news</b>letter',
      utmMedium: 'email',
      utmCampaign: 'x'.repeat(200),
      utmTerm: 'ab',
      utmContent: 'hero',
      referrerHost: 'news.example.net',
    });
  });

  it('refuses a forged arrival cookie (not signed by us): nothing credited', async () => {
    const forged = `${ARRIVAL_COOKIE}=${Buffer.from(JSON.stringify({ utmSource: 'forged' })).toString('base64url')}`;
    const row = await apply(forged);
    expect(row).toMatchObject({ sourceName: null, arrival: null });
  });

  it('still lands a link whose source was deleted, crediting nothing; the raw src is kept', async () => {
    const eventId = await t.app.repos.sources.createSource(
      { name: 'Career fair', kind: 'event' },
      userId,
      new Date(),
    );
    const { token } = await t.app.repos.sources.createLink(
      { sourceId: eventId, jobId },
      userId,
      new Date(),
    );
    const before = await apply(await visit(`/careers/jobs/${jobId}?src=${token}`));
    expect(before).toMatchObject({ sourceName: 'Career fair', sourceVia: 'link' });

    await t.app.repos.sources.deleteSource(eventId, userId, new Date());
    const res = await t.app.inject({ method: 'GET', url: `/r/${token}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/careers/jobs/${jobId}?src=${token}`);
    const after = await apply(await visit(res.headers.location as string));
    expect(after).toMatchObject({ sourceId: null, trackingLinkId: null, sourceName: null });
    expect(JSON.parse(after.arrival!)).toEqual({ src: token });
    // The applicant credited before keeps the name it was credited to.
    const kept = await t.db.handle.db
      .selectFrom('applicants')
      .select('sourceName')
      .where('sourceName', '=', 'Career fair')
      .execute();
    expect(kept).toHaveLength(1);
  });

  it('audits every change to sources and links', async () => {
    const actions = await t.db.handle.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', 'in', ['source-create', 'source-delete', 'tracking-link-create'])
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual([
      'source-create',
      'source-create',
      'source-delete',
      'tracking-link-create',
      'tracking-link-create',
    ]);
  });

  describe('in the console', () => {
    let admin: string;
    let recruiter: string;
    beforeAll(async () => {
      admin = await openSession(t, (await t.app.repos.users.findById(userId))!);
      recruiter = await openSession(t, await createUser(t, 'sources-recruiter@example.com'));
    });

    const call = (
      session: string,
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      body?: unknown,
    ) => consoleRequest(t, session, method, `/api${url}`, body);

    it('lets admins add sources and both roles make links; recruiters may not add sources', async () => {
      expect(
        (await call(recruiter, 'POST', '/recruiters/sources', { name: 'X', kind: 'other' }))
          .statusCode,
      ).toBe(403);
      const blank = await call(admin, 'POST', '/recruiters/sources', {
        name: '   ',
        kind: 'other',
      });
      expect(blank.statusCode).toBe(400);
      const made = await call(admin, 'POST', '/recruiters/sources', {
        name: 'Job fair 2026',
        kind: 'event',
      });
      expect(made.statusCode).toBe(201);
      const { id } = made.json();
      const link = await call(recruiter, 'POST', `/recruiters/sources/${id}/links`, { jobId });
      expect(link.statusCode).toBe(201);
      expect(link.json().path).toMatch(/^\/r\/[A-Za-z0-9_-]+$/);
      const badOpening = await call(recruiter, 'POST', `/recruiters/sources/${id}/links`, {
        jobId: 999999,
      });
      expect(badOpening.statusCode).toBe(400);

      await apply(await visit(`/careers/jobs/${jobId}?src=${link.json().token}`));
      const overview = (await call(recruiter, 'GET', '/recruiters/sources')).json();
      const fair = overview.sources.find((s: { id: number }) => s.id === id);
      expect(fair).toMatchObject({ name: 'Job fair 2026', kind: 'event', applicants: 1 });
      expect(fair.links).toEqual([
        expect.objectContaining({ token: link.json().token, jobId, applicants: 1, active: true }),
      ]);
      expect(overview.creditedNames).toEqual(
        expect.arrayContaining(['Job fair 2026', 'newsletter']),
      );

      // Turned off, the link still lands and credits nothing.
      const linkId = link.json().id;
      expect(
        (await call(recruiter, 'PATCH', `/recruiters/tracking-links/${linkId}`, { active: false }))
          .statusCode,
      ).toBe(204);
      const off = await apply(await visit(`/careers/jobs/${jobId}?src=${link.json().token}`));
      expect(off.sourceName).toBeNull();
    });

    it('filters the applicants list by source, shows the credit on the page and in the CSV', async () => {
      const list = await call(
        recruiter,
        'GET',
        `/recruiters/applicants?source=${encodeURIComponent('www.example.org')}`,
      );
      expect(list.statusCode).toBe(200);
      const { items, total } = list.json();
      expect(total).toBeGreaterThan(0);
      const page = (
        await call(recruiter, 'GET', `/recruiters/applicants/${items[0].applicantId}`)
      ).json();
      expect(page.source).toEqual({ name: 'www.example.org', via: 'referrer' });
      expect(page.arrival).toMatchObject({ referrerHost: 'www.example.org' });
      const all = await t.db.handle.db
        .selectFrom('applicants')
        .select('id')
        .where('sourceName', '=', 'www.example.org')
        .execute();
      expect(total).toBe(all.length);

      const csv = await call(recruiter, 'GET', `/recruiters/applicants.csv?source=newsletter`);
      expect(csv.statusCode).toBe(200);
      const [header, ...rows] = csv.body.trim().split(/\r?\n/);
      expect(header!.split(',')).toContain('"Source"');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toContain('newsletter (UTM)');
    });
  });
});
