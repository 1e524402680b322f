import { DEFAULT_OPENING_TERMS, jobTermsOf, type JobTerms } from '@lumenfield/contract';
import { adminHeaders } from './application';
import { injectJson } from '../inject-json';
import type { TestApp } from '../test-app';

type Payload = Record<string, unknown>;

/** The public openings list, and one opening's detail (a one-item list). */
export const openingsListUrl = '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0';
export const openingDetailUrl = (id: string | number) =>
  `/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpeningsDetail&jobID=${encodeURIComponent(id)}`;

/** The fields of a row of the public openings list, sorted: the spec's, and no more. */
export const OPENING_ROW_FIELDS = [
  'CurerntOpening',
  'DateCount',
  'HourCount',
  'JobCode',
  'JobLocation',
  'JobTitle',
  'Job_id',
  'MinuteCount',
];

/** The terms of an opening created without any, in the old client's names. */
export const NO_TERMS: JobTerms = jobTermsOf(DEFAULT_OPENING_TERMS);

/**
 * A complete opening as the bearer API takes it (POST /api/admin/jobs), at createOpening's place with its people (test/application.ts). No pay
 * terms: an opening in Bengaluru need not publish a range.
 */
export function openingBody(overrides: Payload = {}): Payload {
  return {
    JobCode: 'OPEN-1',
    JobTitle: 'Platform Engineer',
    JobLocation: 'Bengaluru, Karnataka, India',
    Job_Description: '<p>Join us.</p>',
    Recruitment_Manager: 'Rahul Menon',
    ContactPerson: 'Priya Raman',
    ContactPersonMail: 'priya.raman@example.com',
    ...overrides,
  };
}

/** A call to the bearer API (/api/admin) with the admin token; a body goes as JSON. */
export function adminCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
) {
  return injectJson(t, method, url, adminHeaders(t), body);
}

/** Creates an opening through the bearer API (POST /api/admin/jobs); its id. Not 201: throws. */
export async function postOpening(t: TestApp, body: Payload): Promise<number> {
  const res = await adminCall(t, 'POST', '/api/admin/jobs', body);
  if (res.statusCode !== 201) {
    throw new Error(`POST /api/admin/jobs answered ${res.statusCode}: ${res.body}`);
  }
  return (res.json() as { Job_id: number }).Job_id;
}
