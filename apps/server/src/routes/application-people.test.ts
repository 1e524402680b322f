import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages, applyApiPath } from '@lumenfield/contract';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { applyFormFields, questionedOpening, resumePart } from '../test/apply-form';
import { applicationPayload, postApplication } from '../test/legacy/application';
import { multipart, MULTIPART_TYPE, type Part } from '../test/multipart';

/** First name, last name and city as people write them, in several scripts: stored as typed. */
const people: [string, string, string][] = [
  ['Anne-Marie', "O'Brien", 'St. Louis'],
  ['Jean-Luc', 'O’Neill', 'Saint-Étienne'],
  ['José María', 'Núñez-Peña', 'A Coruña'],
  ['Thị Ánh', 'Nguyễn-Đặng', 'Hà Nội'],
  ['देवी', 'प्रसाद-शर्मा', 'पुणे'],
  ['عمر', 'آل-سعيد', 'الرياض'],
  ['Анна-Мария', 'Д’Арк', 'Санкт-Петербург'],
  ['小龍', '李', '東京'],
];

/** Mobile numbers of the countries the company hires in (ISO numeric), typed and stored. */
const numbers: [number, string, string][] = [
  [840, '+1 303 555 0112', '+13035550112'],
  [840, '(303) 555-0112', '+13035550112'],
  [356, '+91 98765 43210', '+919876543210'],
  [356, '98765 43210', '+919876543210'],
  [608, '+63 917 123 4567', '+639171234567'],
  [608, '0917 123 4567', '+639171234567'],
  [276, '+49 151 23456789', '+4915123456789'],
  [276, '0151 23456789', '+4915123456789'],
  [616, '+48 512 345 678', '+48512345678'],
  [616, '512 345 678', '+48512345678'],
  // The seed's ten digits still pass, read with the chosen country.
  [356, '5550101234', '+915550101234'],
];

/** Digits, other symbols, punctuation without a letter, unreadable numbers: the seed's sentences. */
const refused: [string, string, string][] = [
  ['firstName', 'Ann3', applicationMessages.firstName],
  ['lastName', 'O$Brien', applicationMessages.lastName],
  ['city', 'Springfield 2', applicationMessages.city],
  ['firstName', "-'.", applicationMessages.firstName],
  ['lastName', 'Cruz_', applicationMessages.lastName],
  ['mobileNumber', '12345', applicationMessages.mobile],
  ['mobileNumber', '555010123x', applicationMessages.mobile],
  ['mobileNumber', 'call 5550101234', applicationMessages.mobile],
];

describe(`names, cities and numbers as people write them, on both ways in (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  /** A state of each country of `numbers`, from the seeded reference data. */
  const stateOf = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp();
    jobId = await t.app.repos.jobs.create(questionedOpening({ code: 'PEOPLE-1' }));
    for (const [country] of numbers) {
      stateOf.set(country, (await t.app.repos.reference.statesOf(country))![0]!.value);
    }
  });
  afterAll(() => t.close());

  /** A complete application through the site's own form, each with its own address. */
  const postForm = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api${applyApiPath(jobId)}`,
      headers: { ...t.headers('write'), 'content-type': MULTIPART_TYPE },
      payload: multipart([...(Object.entries(applyFormFields(fields)) as Part[]), resumePart()]),
    });
  const storedRow = (res: { json: <T>() => T }) =>
    t.db.handle.db
      .selectFrom('applicants')
      .select(['firstName', 'lastName', 'city', 'mobileNumber'])
      .where('id', '=', res.json<{ applicantId: number }>().applicantId)
      .executeTakeFirstOrThrow();

  it.each(people)('%s %s of %s is stored as typed', async (firstName, lastName, city) => {
    const res = await postForm({ firstName, lastName, city });
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedRow(res)).toMatchObject({ firstName, lastName, city });
  });

  it.each(numbers)('country %i: %s is stored as %s', async (country, typed, stored) => {
    const res = await postForm({
      mobileNumber: typed,
      countryId: String(country),
      stateId: String(stateOf.get(country)),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await storedRow(res)).mobileNumber).toBe(stored);
  });

  it('the old JSON client is judged by the same rules', async () => {
    const accepted = await postApplication(
      t,
      jobId,
      applicationPayload({
        FirstName: 'Anne-Marie',
        LastName: 'O’Brien',
        City: 'St. Louis',
        Email: 'anne-marie@example.com',
        MobileNumber: '+49 151 23456789',
        Answers: { years: '4' },
        LocationIndex: 1,
      }),
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    const refusedNumber = await postApplication(
      t,
      jobId,
      applicationPayload({ MobileNumber: '12345', Email: 'five.digits@example.com' }),
    );
    expect(refusedNumber.statusCode).toBe(400);
    expect(refusedNumber.json().detail).toBe(applicationMessages.mobile);
  });

  it.each(refused)('%s %j: 400 with the seed message', async (field, value, message) => {
    const res = await postForm({ [field]: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
  });
});
