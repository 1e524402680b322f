import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDownOptionListSchema } from '@lumenfield/contract';
import { stateValue } from '../../../db/reference-data';
import { hostileStrings } from '../../../test/attack-strings';
import { createTestApp, engine, type TestApp } from '../../../test/test-app';

const dropDown = (query: string) => `/api/Jobs/GetRecruitmentManagerDropDownValues?${query}`;

describe(`reference data endpoints (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: t.headers() });
    return { res, body: res.json() };
  };

  it('lists countries by ISO 3166-1 numeric code with English names', async () => {
    const { res, body } = await get(dropDown('ControlName=Country'));
    expect(res.statusCode).toBe(200);
    const options = dropDownOptionListSchema.parse(body);
    expect(options).toContainEqual({ value: 840, label: 'United States of America' });
    expect(options).toContainEqual({ value: 356, label: 'India' });
    expect(options).toContainEqual({ value: 608, label: 'Philippines' });
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('lists the states of a country through both endpoints, with the same values', async () => {
    const viaDropDown = await get(dropDown('ControlName=State&CountryID=356'));
    const viaStates = await get('/api/Jobs/GetStatesByCountry?CountryID=356');
    expect(viaDropDown.res.statusCode).toBe(200);
    expect(viaStates.res.statusCode).toBe(200);
    expect(viaDropDown.body).toEqual(viaStates.body);
    expect(viaStates.body).toContainEqual({ value: stateValue('IN', 'MH'), label: 'Maharashtra' });
    expect(viaStates.body).not.toContainEqual(expect.objectContaining({ label: 'California' }));
  });

  it('lists experience bands and shifts in their order', async () => {
    const experience = await get(dropDown('ControlName=Experience'));
    expect(experience.body[0]).toEqual({ value: 1, label: 'Less than 1 year' });
    expect(experience.body).toHaveLength(6);
    const shifts = await get(dropDown('ControlName=Shift'));
    expect(shifts.body.map((o: { label: string }) => o.label)).toContain('Rotational shift');
  });

  it('needs a CountryID for the State list', async () => {
    const { res, body } = await get(dropDown('ControlName=State'));
    expect(res.statusCode).toBe(400);
    expect(body.errors).toEqual([{ field: 'CountryID', message: expect.any(String) }]);
  });

  it('answers 404 for a country that does not exist', async () => {
    expect((await get('/api/Jobs/GetStatesByCountry?CountryID=999')).res.statusCode).toBe(404);
    expect((await get(dropDown('ControlName=State&CountryID=1'))).res.statusCode).toBe(404);
  });

  it('answers 400 for an unknown ControlName or a non-numeric CountryID', async () => {
    expect((await get(dropDown('ControlName=City'))).res.statusCode).toBe(400);
    expect((await get('/api/Jobs/GetStatesByCountry?CountryID=US')).res.statusCode).toBe(400);
    expect((await get('/api/Jobs/GetStatesByCountry')).res.statusCode).toBe(400);
  });

  it('treats SQL-injection and path-traversal strings as plain bad input', async () => {
    for (const evil of hostileStrings) {
      const e = encodeURIComponent(evil);
      for (const url of [
        dropDown(`ControlName=${e}`),
        dropDown(`ControlName=State&CountryID=${e}`),
        `/api/Jobs/GetStatesByCountry?CountryID=${e}`,
      ]) {
        const { res } = await get(url);
        expect(res.statusCode).toBe(400);
        expect(res.body).not.toMatch(/sqlite|syntax error|stack/i);
      }
    }
    expect((await get(dropDown('ControlName=Country'))).body.length).toBeGreaterThan(240);
  });

  it('refuses a call without the fixed header', async () => {
    const res = await t.app.inject({ method: 'GET', url: dropDown('ControlName=Country') });
    expect(res.statusCode).toBe(403);
  });
});
