import type { Selection } from 'kysely';
import type { Database } from '../../db/database';
import { toIso } from '../../db/database';

/** One applicant with their resume's metadata (no bytes), as every list of applicants shows it. */
export interface ApplicantSummary {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  city: string;
  countryId: number;
  stateId: number;
  experience: string | null;
  referredBy: string | null;
  appliedOn: string;
  attachmentGuid: string;
  attachmentName: string;
  attachmentSize: number;
  attachmentSha256: string;
}

/** The columns behind an ApplicantSummary, from applicants joined with their attachment. */
export const applicantColumns = [
  'applicants.id',
  'applicants.firstName',
  'applicants.lastName',
  'applicants.email',
  'applicants.mobileNumber',
  'applicants.city',
  'applicants.countryId',
  'applicants.stateId',
  'applicants.experience',
  'applicants.referredBy',
  'applicants.appliedOn',
  'attachments.id as attachmentGuid',
  'attachments.originalName as attachmentName',
  'attachments.sizeBytes as attachmentSize',
  'attachments.sha256 as attachmentSha256',
] as const;

type ApplicantRow = Selection<
  Database,
  'applicants' | 'attachments',
  (typeof applicantColumns)[number]
>;

/** The row as it came, with its instant as ISO 8601 (a wider row keeps its other columns). */
export function toApplicantSummary<Row extends ApplicantRow>(
  row: Row,
): Omit<Row, 'appliedOn'> & ApplicantSummary {
  return { ...row, appliedOn: toIso(row.appliedOn) };
}
