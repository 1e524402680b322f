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
  'applicants.first_name',
  'applicants.last_name',
  'applicants.email',
  'applicants.mobile_number',
  'applicants.city',
  'applicants.country_id',
  'applicants.state_id',
  'applicants.experience',
  'applicants.referred_by',
  'applicants.applied_on',
  'attachments.id as attachment_id',
  'attachments.original_name',
  'attachments.size_bytes',
  'attachments.sha256',
] as const;

type ApplicantRow = Selection<
  Database,
  'applicants' | 'attachments',
  (typeof applicantColumns)[number]
>;

export function toApplicantSummary(row: ApplicantRow): ApplicantSummary {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    mobileNumber: row.mobile_number,
    city: row.city,
    countryId: row.country_id,
    stateId: row.state_id,
    experience: row.experience,
    referredBy: row.referred_by,
    appliedOn: toIso(row.applied_on),
    attachmentGuid: row.attachment_id,
    attachmentName: row.original_name,
    attachmentSize: row.size_bytes,
    attachmentSha256: row.sha256,
  };
}
