import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGE, type AuditPage } from '@lumenfield/contract';
import { consoleHeaders, createUser, openSession } from '../test/console';
import { openingBody } from '../test/legacy/openings';
import { openingInput } from '../test/openings';
import { createTestApp, engine, type TestApp } from '../test/test-app';

/** Instants that leave the years 1 to 9999 once written in UTC, though their text is four digits. */
const OUT_OF_RANGE = ['9999-12-31T23:00:00-05:00', '0001-01-01T00:30:00+01:00'];

describe(`security: dates past 9999 or before the year 1 are 400 naming the field, never 500 (${engine})`, () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp();
    session = await openSession(t, await createUser(t, 'ada.dates@example.com', 'admin'));
  });
  afterAll(() => t.close());

  const fieldsOf = (body: string) =>
    (JSON.parse(body) as { errors?: { field: string; message: string }[] }).errors ?? [];

  it('the audit log: a day before the year 1 is refused; 9999-12-31 is a day like any other', async () => {
    const audit = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/recruiters/audit?${query}`,
        headers: consoleHeaders(t, session),
      });
    for (const [query, field] of [
      ['from=0000-01-01', 'from'],
      ['to=0000-12-31', 'to'],
      ['to=10000-01-01', 'to'],
    ] as const) {
      const res = await audit(query);
      expect(res.statusCode, query).toBe(400);
      expect(fieldsOf(res.body).map((e) => e.field)).toEqual([field]);
    }
    await createUser(t, 'someone.dates@example.com');
    await t.app.repos.audit.record(
      { actor: { label: 'cli' }, action: 'user-create', target: 'user 1' },
      new Date(),
    );
    const wide = await audit('action=user-create&from=0001-01-01&to=9999-12-31');
    expect(wide.statusCode).toBe(200);
    expect((wide.json() as AuditPage).total).toBe(1);
  });

  it('an opening effective from an instant outside the years 1 to 9999 is refused, in the console and the bearer API', async () => {
    let n = 0;
    for (const effectiveFrom of OUT_OF_RANGE) {
      const console = await t.app.inject({
        method: 'POST',
        url: '/api/recruiters/jobs',
        headers: { ...consoleHeaders(t, session, 'write'), 'content-type': 'application/json' },
        payload: JSON.stringify(openingInput({ code: `DATE-C-${++n}`, effectiveFrom })),
      });
      expect(console.statusCode, effectiveFrom).toBe(400);
      expect(fieldsOf(console.body)).toEqual([
        { field: 'effectiveFrom', message: DATE_RANGE_MESSAGE },
      ]);
      const admin = await t.app.inject({
        method: 'POST',
        url: '/api/admin/jobs',
        headers: { authorization: `Bearer ${t.config.adminToken ?? ''}` },
        payload: openingBody({ JobCode: `DATE-A-${++n}`, EffectiveFrom: effectiveFrom }),
      });
      expect(admin.statusCode, effectiveFrom).toBe(400);
      expect(fieldsOf(admin.body).map((e) => e.field)).toEqual(['EffectiveFrom']);
    }
    // The last instant of 9999 is an instant: scheduled, and shown as written.
    const last = await t.app.inject({
      method: 'POST',
      url: '/api/recruiters/jobs',
      headers: { ...consoleHeaders(t, session, 'write'), 'content-type': 'application/json' },
      payload: JSON.stringify(
        openingInput({ code: 'DATE-LAST', effectiveFrom: '9999-12-31T23:59:59.999Z' }),
      ),
    });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json()).toMatchObject({
      effectiveFrom: '9999-12-31T23:59:59.999Z',
      state: 'scheduled',
    });
    // A change is judged the same.
    const id = (last.json() as { id: number }).id;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/recruiters/jobs/${id}`,
      headers: { ...consoleHeaders(t, session, 'write'), 'content-type': 'application/json' },
      payload: JSON.stringify({ effectiveFrom: OUT_OF_RANGE[0] }),
    });
    expect(patched.statusCode).toBe(400);
    expect(fieldsOf(patched.body).map((e) => e.field)).toEqual(['effectiveFrom']);
  });
});
