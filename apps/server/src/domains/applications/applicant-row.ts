import type { Insertable, Selection } from 'kysely';
import type { Applicant, ApplicationInput } from '@lumenfield/contract';
import type { Database } from '../../db/database';
import type { Applicants } from '../../db/schema.generated';
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
): Insertable<Applicants> {
  return { jobId, ...fields, appliedOn: now.toISOString() };
}

/**
 * The columns behind an Applicant, from applicants joined with their attachment and left-joined
 * with their country and state (joinPlaces).
 */
export const applicantColumns = [
  'applicants.id',
  'applicants.firstName',
  'applicants.lastName',
  'applicants.email',
  'applicants.mobileNumber',
  'applicants.city',
  'applicants.countryId',
  'countries.label as countryName',
  'applicants.stateId',
  'states.label as stateName',
  'applicants.experience',
  'applicants.referredBy',
  'applicants.appliedOn',
  'attachments.id as attachmentGuid',
  'attachments.originalName as attachmentName',
  'attachments.sizeBytes as attachmentSize',
  'attachments.sha256 as attachmentSha256',
] as const;

/** A row of applicantColumns; the place names are null where the left joins found none. */
type ApplicantRow = Omit<
  Selection<
    Database,
    'applicants' | 'attachments' | 'countries' | 'states',
    (typeof applicantColumns)[number]
  >,
  'countryName' | 'stateName'
> & { countryName: string | null; stateName: string | null };

export function toApplicant(row: ApplicantRow): Applicant {
  return {
    applicantId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    mobileNumber: row.mobileNumber,
    city: row.city,
    countryId: row.countryId,
    countryName: row.countryName ?? '',
    stateId: row.stateId,
    stateName: row.stateName ?? '',
    experience: row.experience,
    referredBy: row.referredBy,
    appliedOn: toIso(row.appliedOn),
    attachmentGuid: row.attachmentGuid,
    attachmentName: row.attachmentName,
    attachmentSize: row.attachmentSize,
    attachmentSha256: row.attachmentSha256,
  };
}
