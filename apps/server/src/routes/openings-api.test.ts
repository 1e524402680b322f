import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOSED_OPENING_MESSAGE,
  careerListingListSchema,
  publicOpeningSchema,
} from '@lumenfield/contract';
import { createRepositories } from '../domains';
import { openingRow } from '../test/openings';
import { createTestApp, engine, type TestApp } from '../test/test-app';

describe(`the site's openings API, in the openings' names (${engine})`, () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    const jobs = createRepositories(t.db.handle.db).jobs;
    ids.open = await jobs.create(openingRow('OPEN-1'));
    ids.closed = await jobs.create(openingRow('SHUT-1', { isOpen: false }));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    ids.later = await jobs.create(openingRow('LATER-1', { effectiveFrom: tomorrow }));
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers() });

  it('GET /api/openings lists the open openings, in effect, as the careers rows', async () => {
    const res = await get('/api/openings');
    expect(res.statusCode).toBe(200);
    const rows = careerListingListSchema.parse(res.json());
    expect(rows.map((row) => row.code)).toContain('OPEN-1');
    expect(rows.map((row) => row.code)).not.toEqual(expect.arrayContaining(['SHUT-1']));
    expect(rows.map((row) => row.code)).not.toEqual(expect.arrayContaining(['LATER-1']));
    // No field of the old wire in the site's own API.
    expect(Object.keys(res.json()[0] as object).filter((key) => /^[A-Z]/.test(key))).toEqual([]);
  });

  it('GET /api/openings/:id answers an open opening and 404 for any other', async () => {
    const res = await get(`/api/openings/${ids.open}`);
    expect(res.statusCode).toBe(200);
    expect(publicOpeningSchema.parse(res.json())).toMatchObject({
      id: ids.open,
      code: 'OPEN-1',
      description: '<p>Write tests.</p>',
    });
    for (const id of [ids.closed, ids.later, 999_999]) {
      const missing = await get(`/api/openings/${id}`);
      expect(missing.statusCode, String(id)).toBe(404);
      expect(missing.json()).toMatchObject({ detail: CLOSED_OPENING_MESSAGE });
    }
  });

  it('refuses an id that is not a whole number with a problem naming it', async () => {
    for (const id of ['abc', '1.5', '-1', '1%00', '1234567890']) {
      const res = await get(`/api/openings/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });
});
