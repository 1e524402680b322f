import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApplication } from '../../test/applicants';
import { createOpening } from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { phoneSearch } from './pipeline-repository';
import { EVERYTHING } from '../team/reach';

describe('a search that is a phone number', () => {
  it.each([
    ['+49 151 23456789', '4915123456789'],
    ['0151 23456789', '15123456789'],
    ['(303) 555-0112', '3035550112'],
    ['0917 123 4567', '9171234567'],
  ])('%s is searched as the digits %s', (q, digits) => {
    expect(phoneSearch(q)).toBe(digits);
  });

  it.each(['Ana', 'ana@example.com', '2026', 'QA 5', ''])('%j is no number', (q) => {
    expect(phoneSearch(q)).toBeUndefined();
  });
});

describe(`the applicants' search finds a mobile number however it is typed (${engine})`, () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const jobId = await createOpening(t, 'PHONES-1');
    const people = { berlin: '+4915123456789', denver: '+13035550112', pune: '5550101234' };
    let size = 3000;
    for (const [who, mobileNumber] of Object.entries(people)) {
      const stored = await t.app.repos.applicants.create(
        newApplication(jobId, { mobileNumber, email: `${who}@example.com` }, (size += 1)),
      );
      ids[who] = stored.applicantId;
    }
  });
  afterAll(() => t.close());

  const found = async (q: string) =>
    (await t.app.repos.pipeline.search({ q, reach: EVERYTHING }, 1, 50)).items
      .map((a) => a.applicantId)
      .sort();

  it.each([
    ['+49 151 23456789', 'berlin'],
    ['0151 23456789', 'berlin'],
    ['(303) 555-0112', 'denver'],
    ['303 555 0112', 'denver'],
    ['555 010 1234', 'pune'],
  ])('%s finds %s', async (q, who) => {
    expect(await found(q)).toEqual([ids[who]]);
  });

  it('a name still searches the names', async () => {
    expect(await found('Cruz')).toEqual(Object.values(ids).sort());
  });
});
