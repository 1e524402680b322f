import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminJobDetailSchema, adminJobSchema } from '@lumenfield/contract';
import {
  applicationPayload,
  createOpening,
  postApplication,
} from '../../../test/legacy/application';
import { adminCall, openingBody } from '../../../test/legacy/openings';
import { hostileStrings } from '../../../test/attack-strings';
import { createTestApp, engine, type TestApp } from '../../../test/test-app';

// Untidy people lists, which the API tidies.
const newJob = (overrides: Record<string, unknown> = {}) =>
  openingBody({
    JobCode: 'ADM-100',
    ContactPerson: 'Dana Whitfield,Marcus Bell',
    ContactPersonMail: 'dana@example.com , marcus@example.com',
    ...overrides,
  });

describe(`recruiters API /api/admin (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    adminCall(t, method, url, body);

  const listing = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0',
        headers: t.headers(),
      })
    ).json() as { Job_id: number }[];

  it('posts an opening that visitors then see, with tidy people lists', async () => {
    const res = await call('POST', '/api/admin/jobs', newJob());
    expect(res.statusCode).toBe(201);
    const { Job_id } = res.json();
    expect(Job_id).toEqual(expect.any(Number));
    expect((await listing()).map((j) => j.Job_id)).toContain(Job_id);

    const detail = adminJobDetailSchema.parse(
      (await call('GET', `/api/admin/jobs/${Job_id}`)).json(),
    );
    expect(detail).toMatchObject({
      JobCode: 'ADM-100',
      IsOpen: true,
      Applicants: 0,
      ContactPerson: 'Dana Whitfield, Marcus Bell',
      ContactPersonMail: 'dana@example.com, marcus@example.com',
    });
  });

  it('answers 409 when the JobCode is in use', async () => {
    await call('POST', '/api/admin/jobs', newJob({ JobCode: 'DUP-1' }));
    const res = await call('POST', '/api/admin/jobs', newJob({ JobCode: 'DUP-1' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, title: 'Conflict' });
    const other = (await call('POST', '/api/admin/jobs', newJob({ JobCode: 'DUP-2' }))).json();
    const patch = await call('PATCH', `/api/admin/jobs/${other.Job_id}`, { JobCode: 'DUP-1' });
    expect(patch.statusCode).toBe(409);
  });

  it('refuses invalid openings with 400 and the failing fields', async () => {
    const missing = await call('POST', '/api/admin/jobs', { JobCode: 'X' });
    expect(missing.statusCode).toBe(400);
    const fields = missing.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['JobTitle', 'JobLocation']));
    const mails = await call(
      'POST',
      '/api/admin/jobs',
      newJob({ JobCode: 'BADMAIL', ContactPersonMail: 'not-an-email' }),
    );
    expect(mails.statusCode).toBe(400);
    expect(mails.json().errors[0].field).toBe('ContactPersonMail');
  });

  it('sanitises the description on write: no script, no event handlers, no javascript: links', async () => {
    const res = await call(
      'POST',
      '/api/admin/jobs',
      newJob({
        JobCode: 'XSS-1',
        Job_Description:
          '<h1>Title</h1><p onclick="steal()">Hello<script>alert(1)</script></p>' +
          '<img src=x onerror=alert(1)><p><a href="javascript:alert(1)">bad</a> ' +
          '<a href=" java\tScript:alert(1)">worse</a> <a>bare</a></p>' +
          '<a href="https://example.com/x">good</a><iframe src="https://evil.example"></iframe>',
      }),
    );
    const id = res.json().Job_id;
    const stored = (await call('GET', `/api/admin/jobs/${id}`)).json().Job_Description as string;
    const publicDetail = await t.app.inject({
      method: 'GET',
      url: `/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpeningsDetail&jobID=${id}`,
      headers: t.headers(),
    });
    for (const html of [stored, publicDetail.json()[0].Job_Description as string]) {
      expect(html).not.toMatch(/<script|onerror=|onclick=|javascript:|<img|<iframe|alert\(1\)/i);
      expect(html).toContain('<h2>Title</h2>');
      expect(html).toContain('<p>Hello</p>');
      expect(html).toContain('href="https://example.com/x"');
      expect(html).toContain('rel="noopener noreferrer nofollow"');
      // Unsafe or missing hrefs leave their text, not an inert link.
      expect(html).toContain('<p>bad worse bare</p>');
      expect(html.match(/<a /g)).toHaveLength(1);
    }
    const patched = await call('PATCH', `/api/admin/jobs/${id}`, {
      Job_Description: '<p>ok</p><svg onload=alert(1)><script>x()</script>',
    });
    expect(patched.json().Job_Description).toBe('<p>ok</p>');
  });

  it('edits, closes and reopens an opening', async () => {
    const id = await createOpening(t, 'EDIT-1');
    const edited = await call('PATCH', `/api/admin/jobs/${id}`, {
      JobTitle: 'Senior Analyst',
      EffectiveFrom: '2026-01-05T09:30:00+05:30',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      JobTitle: 'Senior Analyst',
      EffectiveFrom: '2026-01-05T04:00:00.000Z',
      IsOpen: true,
    });

    const closed = await call('PATCH', `/api/admin/jobs/${id}`, { IsOpen: false });
    expect(closed.json().IsOpen).toBe(false);
    expect((await listing()).map((j) => j.Job_id)).not.toContain(id);
    expect((await postApplication(t, id, applicationPayload())).statusCode).toBe(404);
    const all = (await call('GET', '/api/admin/jobs')).json();
    expect(all.find((j: { Job_id: number }) => j.Job_id === id)).toMatchObject({ IsOpen: false });
    for (const job of all) adminJobSchema.parse(job);

    await call('PATCH', `/api/admin/jobs/${id}`, { IsOpen: true });
    expect((await listing()).map((j) => j.Job_id)).toContain(id);
  });

  it('lists applicants and exports them as formula-safe CSV', async () => {
    const id = await createOpening(t, 'CSV-1');
    await postApplication(t, id, applicationPayload({ ReferredBy: '=HYPERLINK("http://x","y")' }));
    await postApplication(
      t,
      id,
      applicationPayload({
        FirstName: 'Ben',
        Email: 'ben@example.com',
        ReferredBy: '@SUM(A1)',
        Experience: 5,
      }),
    );
    const list = (await call('GET', `/api/admin/jobs/${id}/applicants`)).json();
    expect(list.map((a: { FirstName: string }) => a.FirstName)).toEqual(['Ana', 'Ben']);
    expect(list[1].Experience).toBe('8 to 12 years');
    expect(
      (await call('GET', '/api/admin/jobs')).json().find((j: { Job_id: number }) => j.Job_id === id)
        .Applicants,
    ).toBe(2);

    const csv = await call('GET', `/api/admin/jobs/${id}/applicants.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="applicants-CSV-1.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^"ApplicantID","FirstName","LastName","Email"/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(lines[2]).toContain(`"'@SUM(A1)"`);
  });

  it('answers 404 for an unknown opening and 400 for a malformed id', async () => {
    for (const path of ['', '/applicants', '/applicants.csv']) {
      expect((await call('GET', `/api/admin/jobs/424242${path}`)).statusCode).toBe(404);
    }
    expect((await call('PATCH', '/api/admin/jobs/424242', { IsOpen: false })).statusCode).toBe(404);
    for (const evil of hostileStrings) {
      const res = await call('GET', `/api/admin/jobs/${encodeURIComponent(evil)}/applicants`);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toMatch(/sqlite|syntax error|stack/i);
    }
  });

  it('needs the bearer token (401) but neither the fixed header nor an XSRF echo', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/jobs' });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs',
      headers: {
        authorization: 'Bearer wrong-token-wrong-token',
        'content-type': 'application/json',
      },
      payload: JSON.stringify(newJob({ JobCode: 'NOPE' })),
    });
    expect(wrong.statusCode).toBe(401);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/admin/jobs',
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);
    const ok = await call('GET', '/api/admin/jobs');
    expect(ok.statusCode).toBe(200);
  });

  it('does not exist when ADMIN_TOKEN is unset', async () => {
    const closedShop = await createTestApp({ ADMIN_TOKEN: '' });
    try {
      for (const url of ['/api/admin/jobs', '/api/admin/jobs/1/applicants.csv']) {
        const res = await closedShop.app.inject({
          method: 'GET',
          url,
          headers: { authorization: 'Bearer test-admin-token-0123456789' },
        });
        expect(res.statusCode).toBe(404);
      }
    } finally {
      await closedShop.close();
    }
  });
});
