import type { Insertable, Selection } from 'kysely';
import type { Applicant, ApplicationInput } from '@lumenfield/contract';
import type { ApplicantsTable, Database } from '../../db/database';
import { toIso } from '../../db/database';

/**
 * An application's fields as the domain stores them: the form's fields (ApplicationInput) with
 * the experience band's label in place of its value, and the place's codes as numbers.
 */
export type ApplicationFields = Omit<
  Required<ApplicationInput>,
  'experience' | 'countryId' | 'stateId' | 'referredBy'
> & {
  experience: string | null;
  countryId: number;
  stateId: number;
  referredBy: string | null;
};

/** The applicants row of an application: the one place its fields meet their columns. */
export function toApplicantRow(
  jobId: number,
  fields: ApplicationFields,
  now: Date,
): Insertable<ApplicantsTable> {
  return {
    job_id: jobId,
    first_name: fields.firstName,
    last_name: fields.lastName,
    mobile_number: fields.mobileNumber,
    city: fields.city,
    email: fields.email,
    experience: fields.experience,
    country_id: fields.countryId,
    state_id: fields.stateId,
    referred_by: fields.referredBy,
    applied_on: now.toISOString(),
  };
}

/**
 * The columns behind an Applicant, from applicants joined with their attachment and left-joined
 * with their country and state (joinPlaces).
 */
export const applicantColumns = [
  'applicants.id',
  'applicants.first_name',
  'applicants.last_name',
  'applicants.email',
  'applicants.mobile_number',
  'applicants.city',
  'applicants.country_id',
  'countries.label as country_name',
  'applicants.state_id',
  'states.label as state_name',
  'applicants.experience',
  'applicants.referred_by',
  'applicants.applied_on',
  'attachments.id as attachment_id',
  'attachments.original_name',
  'attachments.size_bytes',
  'attachments.sha256',
] as const;

/** A row of applicantColumns; the place names are null where the left joins found none. */
type ApplicantRow = Omit<
  Selection<
    Database,
    'applicants' | 'attachments' | 'countries' | 'states',
    (typeof applicantColumns)[number]
  >,
  'country_name' | 'state_name'
> & { country_name: string | null; state_name: string | null };

export function toApplicant(row: ApplicantRow): Applicant {
  return {
    applicantId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    mobileNumber: row.mobile_number,
    city: row.city,
    countryId: row.country_id,
    countryName: row.country_name ?? '',
    stateId: row.state_id,
    stateName: row.state_name ?? '',
    experience: row.experience,
    referredBy: row.referred_by,
    appliedOn: toIso(row.applied_on),
    attachmentGuid: row.attachment_id,
    attachmentName: row.original_name,
    attachmentSize: row.size_bytes,
    attachmentSha256: row.sha256,
  };
}
