import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages, applyApiPath } from '@lumenfield/contract';
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

/** Digits, other symbols, and punctuation with no letter keep the seed's messages. */
const refused = [
  { field: 'firstName', value: 'Ann3', message: applicationMessages.firstName },
  { field: 'lastName', value: 'O$Brien', message: applicationMessages.lastName },
  { field: 'city', value: 'Springfield 2', message: applicationMessages.city },
  { field: 'firstName', value: "-'.", message: applicationMessages.firstName },
  { field: 'lastName', value: 'Cruz_', message: applicationMessages.lastName },
] as const;

describe(`names and cities as people write them, on both ways in (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let sent = 0;

  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'NAMES-1');
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

  it('the old JSON client is judged by the same rules', async () => {
    const res = await postApplication(
      t,
      jobId,
      applicationPayload({
        FirstName: 'Anne-Marie',
        LastName: 'O’Brien',
        City: 'St. Louis',
        Email: 'anne-marie@example.com',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
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
