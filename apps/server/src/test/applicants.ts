import type { ApplicationFields } from '../domains/applications/applicant-row';
import type {
  ApplicationMailContext,
  NewApplication,
} from '../domains/applications/applicants-repository';
import { pdfFile } from './files';
import { INDIA, KARNATAKA } from './legacy/application';

/**
 * An application as the repository stores it, for tests that need applicants but not the apply
 * routes (those are tested on their own): no form rules, so a field may hold what old rows hold.
 * Ana Cruz of Pune with a PDF resume of `resumeSize` bytes (tests that store several give each
 * its own size: the same resume is a duplicate); `fields` are the ones the test is about.
 * No mail unless the test adds `mail` (confirmationOnly), no arrival unless it adds `arrival`.
 */
export function newApplication(
  jobId: number,
  fields: Partial<ApplicationFields> = {},
  resumeSize?: number,
): NewApplication {
  return {
    jobId,
    fields: {
      firstName: 'Ana',
      lastName: 'Cruz',
      mobileNumber: '5550101234',
      city: 'Pune',
      email: 'ana.cruz@example.com',
      experience: null,
      countryId: INDIA,
      stateId: KARNATAKA,
      referredBy: null,
      ...fields,
    },
    resume: {
      originalName: 'cv.pdf',
      kind: 'pdf',
      mimeType: 'application/pdf',
      content: pdfFile(resumeSize),
    },
  };
}

/** The applicant's confirmation mail only: the opening names no contact person to notify. */
export function confirmationOnly(jobId: number): ApplicationMailContext {
  return {
    job: { id: jobId, code: 'C', title: 'T', location: 'L', contactEmails: [] },
    origin: 'http://127.0.0.1:3000',
    retentionDays: 365,
    capPerAddress: 10,
  };
}
