import { analystQuestions, chicagoAndAustin } from '@lumenfield/contract/testing';
import type { JobInput } from '../domains/openings/jobs-repository';
import { INDIA, KARNATAKA } from './legacy/application';
import { pdfFile } from './files';
import type { Part } from './multipart';

/*
 * The opening and the form fields of the two multipart apply routes' tests: the dialog's post
 * answered in JSON (applications-api.test.ts) and the form without scripts (apply-form.test.ts).
 */

/** An open opening in effect since half an hour ago, with two places and two questions. */
export const questionedOpening = (overrides: Partial<JobInput> = {}): JobInput => ({
  code: 'MP-1',
  title: 'Upload Analyst',
  location: 'Chicago, IL, US',
  recruitmentManagers: 'Ana Cruz',
  contactPersons: 'Ana Cruz',
  contactEmails: 'ana@example.com',
  descriptionHtml: '<p>Reads uploads.</p>',
  effectiveFrom: new Date(Date.now() - 30 * 60_000).toISOString(),
  isOpen: true,
  locations: chicagoAndAustin,
  questions: analystQuestions,
  ...overrides,
});

/**
 * A valid application's form fields, by name: Maria Lopez of Karnataka, India (a fresh e-mail
 * each time), the required question answered, working from the second place (Austin).
 */
export const applyFormFields = (
  overrides: Record<string, string> = {},
): Record<string, string> => ({
  firstName: 'Maria',
  lastName: 'Lopez',
  mobileNumber: '5551234567',
  countryId: String(INDIA),
  stateId: String(KARNATAKA),
  city: 'Springfield',
  email: `maria.${Math.random().toString(36).slice(2)}@example.com`,
  experience: '',
  referredBy: 'A friend',
  'answers[years]': '4',
  locationIndex: '1',
  ...overrides,
});

/** The form's resume part: a PDF unless the test sends other bytes or another name. */
export const resumePart = (bytes = pdfFile(), name = 'cv.pdf'): Part => ['resume', { name, bytes }];
