import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantColumns,
  applicantFieldsReadElsewhere,
  applicantSchema,
  applyApiPath,
  applyFormFields,
  type ApplyFormField,
} from '@lumenfield/contract';
import { csvCell } from '../lib/csv';
import { exportLeavesOut, exportOtherFields } from '../domains/applicant/data-export';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { createUser, openSession } from '../test/console';
import { pdfFile } from '../test/files';
import { INDIA, KARNATAKA, createOpening, statusLinkToken } from '../test/legacy/application';
import { multipart, MULTIPART_TYPE, type Part } from '../test/multipart';
import { CSV_COLUMNS, csvOtherFields } from './recruiters/applicants-csv';
import { EVERYTHING } from '../domains/team/reach';

/**
 * Every field of an application reaches every consumer: sent through the apply form's post, it is
 * stored, and each stored field is in "Download my data", the console's CSV and the console's
 * applicant page, or is named by that consumer's list of what it leaves out or shows another
 * way. The fields are read from the schemas and from a stored applicant, so a field added
 * anywhere is checked here without a line of its own.
 */
describe(`an applicant's fields reach every consumer (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let band: number;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://localhost' }, { pages: true });
    jobId = await createOpening(t, 'FIELDS-1');
    band = (await t.app.repos.reference.experienceBands())[0]!.value;
  });
  afterAll(() => t.close());

  /** A value for every field of the form: the rules' fields valid, any other one some text. */
  const sent = (): Record<ApplyFormField, string> => {
    const known: Partial<Record<ApplyFormField, string>> = {
      firstName: 'Ana',
      lastName: 'Cruz',
      // In E.164, as it is stored (a national number is stored in this form too).
      mobileNumber: '+915550101234',
      city: 'Bengaluru',
      email: `ana.${Math.random().toString(36).slice(2)}@example.com`,
      countryId: String(INDIA),
      stateId: String(KARNATAKA),
      experience: String(band),
      locationIndex: '',
      remoteCountry: '',
    };
    return Object.fromEntries(
      applyFormFields.map((name) => [name, known[name] ?? `Some ${name}`]),
    ) as Record<ApplyFormField, string>;
  };

  async function applied() {
    const values = sent();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${applyApiPath(jobId)}`,
      headers: { ...t.headers('write'), 'content-type': MULTIPART_TYPE },
      payload: multipart([
        ...(Object.entries(values).filter(([, value]) => value !== '') as Part[]),
        ['resume', { name: 'cv.pdf', bytes: pdfFile() }],
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { applicantId } = res.json<{ applicantId: number }>();
    const stored = await t.app.repos.pipeline.find(applicantId, EVERYTHING);
    return { values, applicantId, stored: stored! };
  }

  it('the contract places every field of an applicant: a column or read elsewhere', () => {
    const placed = [
      ...applicantColumns.map(({ key }) => key),
      ...Object.keys(applicantFieldsReadElsewhere),
    ];
    expect(placed.sort()).toEqual(Object.keys(applicantSchema.shape).sort());
  });

  it('the form sends every field, and each is stored and read back', async () => {
    const { values, stored } = await applied();
    const readBack: Record<string, unknown> = { ...stored };
    for (const name of applyFormFields) {
      // The place applied for is stored as the place or the remote country (an opening with one
      // place has none).
      if (name === 'locationIndex' || name === 'remoteCountry') continue;
      expect(Object.keys(applicantSchema.shape), `${name} is not an applicant's field`).toContain(
        name,
      );
      expect(readBack[name] ?? null, `${name} was not stored`).not.toBeNull();
      if (!['countryId', 'stateId', 'experience'].includes(name)) {
        expect(readBack[name], name).toBe(values[name]);
      }
    }
  });

  it('"Download my data", the CSV and the applicant page each have every stored field', async () => {
    const { applicantId, stored } = await applied();
    const fields = Object.keys(stored);
    const readBack: Record<string, unknown> = { ...stored };

    // Download my data: what was sent by its name; every other field in the part named for it,
    // but for our own keys.
    const token = await statusLinkToken(t, applicantId);
    const data = await t.app.inject({ method: 'GET', url: `/applications/${token}/data.json` });
    expect(data.statusCode).toBe(200);
    const exported = data.json<{ application: Record<string, unknown> }>().application;
    const columnKeys: string[] = applicantColumns.map(({ key }) => key);
    const carriedIn: Record<string, string> = exportOtherFields;
    for (const field of fields) {
      if (columnKeys.includes(field)) expect(exported[field], field).toEqual(readBack[field]);
      else if (field in exportLeavesOut) continue;
      else {
        expect(carriedIn[field], `the export carries ${field}`).toBeDefined();
        expect(exported, `${field} is exported`).toHaveProperty(carriedIn[field]!);
      }
    }
    // A recruiter's readings are exported as stored.
    expect(exported).toMatchObject({
      knockOutAnswers: readBack.doesNotMeet,
      rejectionReason: readBack.rejectionReason,
      source: readBack.source,
      visit: readBack.arrival,
    });

    // The console's CSV: a column per field, or the field named with where it is instead.
    const user = await createUser(t, `rita.${applicantId}@example.com`);
    const session = await openSession(t, user);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/recruiters/applicants.csv?jobId=${jobId}`,
      headers: { cookie: session },
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body.split('\r\n');
    const row = rows.find((line) => line.startsWith(`"${applicantId}",`));
    const keyed: string[] = CSV_COLUMNS.flatMap((column) => ('key' in column ? [column.key] : []));
    for (const field of fields) {
      if (!keyed.includes(field)) {
        expect(Object.keys(csvOtherFields), `the CSV decides ${field}`).toContain(field);
      }
    }
    for (const { key, label } of applicantColumns) {
      expect(header).toContain(`"${label}"`);
      // As a cell: the number's + is kept from reading as a formula.
      expect(row).toContain(csvCell(String(readBack[key] ?? '')));
    }

    // The console's applicant page: every stored field, as stored.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/recruiters/applicants/${applicantId}`,
      headers: { ...t.headers('read'), cookie: session },
    });
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json<Record<string, unknown>>();
    for (const field of fields) expect(Object.keys(shown), field).toContain(field);
    for (const { key } of applicantColumns) expect(shown[key], key).toEqual(readBack[key]);
  });
});
