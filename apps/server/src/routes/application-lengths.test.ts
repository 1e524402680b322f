import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  TOO_LONG_MESSAGE,
  XSRF_COOKIE_NAME,
  applicationInputSchema,
  applyApiPath,
  wireName,
} from '@lumenfield/contract';
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
import { mintXsrfToken } from '../plugins/xsrf';

/** A text field's longest value (its `max`), through optional, nullable and a union's text. */
function maxLengthOf(field: z.ZodType): number | undefined {
  if (field instanceof z.ZodString) return field.maxLength ?? undefined;
  if (field instanceof z.ZodOptional || field instanceof z.ZodNullable) {
    return maxLengthOf(field.unwrap() as z.ZodType);
  }
  if (field instanceof z.ZodUnion) {
    return (field.options as z.ZodType[]).map(maxLengthOf).find((max) => max !== undefined);
  }
  return undefined;
}

/** Every text field of an application with its length, from the schema: a new one is here too. */
const limited = Object.entries(applicationInputSchema.shape).flatMap(([name, field]) => {
  const max = maxLengthOf(field as z.ZodType);
  return max === undefined ? [] : [{ name, max }];
});

/**
 * A value one character past its field's length is refused on every way in, naming the field
 * (400), never left to the column (a PostgreSQL varchar answers an error there, SQLite takes it).
 */
describe(`a text past its field's length: 400 naming the field on every path (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://localhost' }, { pages: true });
    jobId = await createOpening(t, 'LEN-1');
    token = mintXsrfToken(t.cookieSecret);
  });
  afterAll(() => t.close());

  const formFields = (name: string, value: string): Part[] =>
    Object.entries({
      firstName: 'Ana',
      lastName: 'Cruz',
      mobileNumber: '5550101234',
      countryId: String(INDIA),
      stateId: String(KARNATAKA),
      city: 'Bengaluru',
      email: 'ana.cruz@example.com',
      [name]: value,
    });
  const resume: Part = ['resume', { name: 'cv.pdf', bytes: pdfFile() }];
  const stored = async () =>
    (
      await t.db.handle.db
        .selectFrom('applicants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('knows the fields it checks', () => {
    expect(limited.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['firstName', 'mobileNumber', 'email', 'referredBy', 'experience']),
    );
  });

  it.each(limited)('$name: one past $max', async ({ name, max }) => {
    const value = 'a'.repeat(max + 1);
    const before = Number(await stored());

    const dialog = await t.app.inject({
      method: 'POST',
      url: `/api${applyApiPath(jobId)}`,
      headers: { ...t.headers('write'), 'content-type': MULTIPART_TYPE },
      payload: multipart([...formFields(name, value), resume]),
    });
    expect(dialog.statusCode, dialog.body).toBe(400);
    expect(dialog.json().errors).toEqual([{ field: name, message: TOO_LONG_MESSAGE }]);

    const page = await t.app.inject({
      method: 'POST',
      url: `/careers/jobs/${jobId}/apply`,
      headers: {
        'content-type': MULTIPART_TYPE,
        cookie: `${XSRF_COOKIE_NAME}=${token}`,
        origin: 'http://localhost',
        'sec-fetch-site': 'same-origin',
      },
      payload: multipart([['xsrfToken', token], ...formFields(name, value), resume]),
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(`href="#apply-${name}"`);
    expect(page.body).toContain(TOO_LONG_MESSAGE);

    const json = await postApplication(
      t,
      jobId,
      applicationPayload({ [wireName(name)]: value, CountyID: INDIA, StateID: KARNATAKA }),
    );
    expect(json.statusCode, json.body).toBe(400);
    expect(JSON.stringify(json.json().errors)).toContain(wireName(name));

    expect(Number(await stored())).toBe(before);
  });
});
