import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages, applyApiPath } from '@lumenfield/contract';
import { createRepositories } from '../domains';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { pdfFile } from '../test/files';
import {
  INDIA,
  KARNATAKA,
  applicationPayload,
  createOpening,
  postApplication,
} from '../test/legacy/application';
import { multipart, MULTIPART_TYPE, type Part } from '../test/multipart';

/** Names and cities as people write them, in several scripts: each is stored as typed. */
const accepted = [
  { firstName: 'Anne-Marie', lastName: "O'Brien", city: 'St. Louis' },
  { firstName: 'Jean-Luc', lastName: 'O’Neill', city: 'Saint-Étienne' },
  { firstName: 'José María', lastName: 'Núñez-Peña', city: 'A Coruña' },
  { firstName: 'Thị Ánh', lastName: 'Nguyễn-Đặng', city: 'Hà Nội' },
  { firstName: 'देवी', lastName: 'प्रसाद-शर्मा', city: 'पुणे' },
  { firstName: 'عمر', lastName: 'آل-سعيد', city: 'الرياض' },
  { firstName: 'Анна-Мария', lastName: 'Д’Арк', city: 'Санкт-Петербург' },
  { firstName: '小龍', lastName: '李', city: '東京' },
];

/** Digits, other symbols, punctuation with no letter and unreadable numbers: the seed's messages. */
const refused = [
  { field: 'firstName', value: 'Ann3', message: applicationMessages.firstName },
  { field: 'lastName', value: 'O$Brien', message: applicationMessages.lastName },
  { field: 'city', value: 'Springfield 2', message: applicationMessages.city },
  { field: 'firstName', value: "-'.", message: applicationMessages.firstName },
  { field: 'lastName', value: 'Cruz_', message: applicationMessages.lastName },
  { field: 'mobileNumber', value: '12345', message: applicationMessages.mobile },
  { field: 'mobileNumber', value: '555010123x', message: applicationMessages.mobile },
  { field: 'mobileNumber', value: 'call 5550101234', message: applicationMessages.mobile },
] as const;

/** Mobile numbers of the countries the company hires in, national and international. */
const numbers = [
  { country: 840, typed: '+1 303 555 0112', stored: '+13035550112' },
  { country: 840, typed: '(303) 555-0112', stored: '+13035550112' },
  { country: 356, typed: '+91 98765 43210', stored: '+919876543210' },
  { country: 356, typed: '98765 43210', stored: '+919876543210' },
  { country: 608, typed: '+63 917 123 4567', stored: '+639171234567' },
  { country: 608, typed: '0917 123 4567', stored: '+639171234567' },
  { country: 276, typed: '+49 151 23456789', stored: '+4915123456789' },
  { country: 276, typed: '0151 23456789', stored: '+4915123456789' },
  { country: 616, typed: '+48 512 345 678', stored: '+48512345678' },
  { country: 616, typed: '512 345 678', stored: '+48512345678' },
  // The seed's ten digits still pass, read with the chosen country.
  { country: 356, typed: '5550101234', stored: '+915550101234' },
];

describe(`names, cities and numbers as people write them, on both ways in (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let sent = 0;
  /** A state of each country of `numbers`, from the seeded reference data. */
  const stateOf = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'NAMES-1');
    const reference = createRepositories(t.db.handle.db).reference;
    for (const { country } of numbers) {
      stateOf.set(country, (await reference.statesOf(country))![0]!.value);
    }
  });
  afterAll(() => t.close());

  /** A complete application through the site's own form, with its own address each time. */
  const postForm = (fields: Record<string, string>) => {
    sent += 1;
    const parts: Part[] = Object.entries({
      firstName: 'Ana',
      lastName: 'Cruz',
      mobileNumber: '5550101234',
      countryId: String(INDIA),
      stateId: String(KARNATAKA),
      city: 'Bengaluru',
      email: `applicant.${sent}@example.com`,
      ...fields,
    });
    return t.app.inject({
      method: 'POST',
      url: `/api${applyApiPath(jobId)}`,
      headers: { ...t.headers('write'), 'content-type': MULTIPART_TYPE },
      payload: multipart([...parts, ['resume', { name: 'cv.pdf', bytes: pdfFile(1000 + sent) }]]),
    });
  };

  it.each(accepted)('$firstName $lastName of $city is stored as typed', async (person) => {
    const res = await postForm(person);
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.handle.db
      .selectFrom('applicants')
      .select(['firstName', 'lastName', 'city'])
      .where('id', '=', res.json<{ applicantId: number }>().applicantId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(person);
  });

  it.each(numbers)('$typed from country $country is stored as $stored', async (number) => {
    const res = await postForm({
      mobileNumber: number.typed,
      countryId: String(number.country),
      stateId: String(stateOf.get(number.country)),
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.handle.db
      .selectFrom('applicants')
      .select(['mobileNumber'])
      .where('id', '=', res.json<{ applicantId: number }>().applicantId)
      .executeTakeFirstOrThrow();
    expect(row.mobileNumber).toBe(number.stored);
  });

  it('the old JSON client is judged by the same rules', async () => {
    const res = await postApplication(
      t,
      jobId,
      applicationPayload({
        FirstName: 'Anne-Marie',
        LastName: 'O’Brien',
        City: 'St. Louis',
        Email: 'anne-marie@example.com',
        MobileNumber: '+49 151 23456789',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const refusedNumber = await postApplication(
      t,
      jobId,
      applicationPayload({ MobileNumber: '12345', Email: 'five.digits@example.com' }),
    );
    expect(refusedNumber.statusCode).toBe(400);
    expect(refusedNumber.json().detail).toBe(applicationMessages.mobile);
  });

  it.each(refused)(
    '$field "$value": 400 with the seed message',
    async ({ field, value, message }) => {
      const res = await postForm({ [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ field, message }]);
    },
  );
});
