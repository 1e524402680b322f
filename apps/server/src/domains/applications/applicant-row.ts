import type { Insertable, Selection } from 'kysely';
import {
  doesNotMeet,
  placeSchema,
  storedAnswerSchema,
  type Applicant,
  type ApplicationInput,
  type Place,
  type StoredAnswer,
} from '@lumenfield/contract';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { Applicants } from '../../db/schema.generated';
import { toIso } from '../../db/database';
import { jsonColumn } from '../../db/json-column';
import { applicantSearchText } from '../../lib/search-text';

/**
 * An application's fields as the domain stores them: the form's fields (ApplicationInput) with
 * the experience band's label in place of its value, the place's codes as numbers, the answers
 * with their questions as asked, and the place applied for in place of its index. An optional
 * field stays optional here (absent is null in its column), so code that makes an application
 * by hand (the console's, the tests') needs no line for a new one.
 */
export type ApplicationFields = Omit<
  ApplicationInput,
  'experience' | 'countryId' | 'stateId' | 'referredBy' | 'answers' | 'locationIndex'
> & {
  experience: string | null;
  countryId: number;
  stateId: number;
  referredBy: string | null;
  /** Absent: the opening asked no questions. */
  answers?: StoredAnswer[];
  /** Absent or null: the opening had one place, or a remote country was chosen. */
  place?: Place | null;
  /** Absent or null: no remote country was chosen (remoteCountry of ApplicationInput). */
  remoteCountry?: string | null;
};

/** Every stored field of an application has its column: a field without one does not compile. */
export const everyFieldHasAColumn: [
  Exclude<keyof ApplicationFields, keyof Insertable<Applicants>>,
] extends [never]
  ? true
  : never = true;

/** The applicants row of an application: the one place its fields meet their columns. */
export function toApplicantRow(
  jobId: number,
  { answers = [], place = null, ...fields }: ApplicationFields,
  now: Date,
): Insertable<Applicants> {
  return {
    jobId,
    ...fields,
    answers: JSON.stringify(answers),
    place: place && JSON.stringify(place),
    knockouts: doesNotMeet(answers).length,
    appliedOn: now.toISOString(),
    // What the applicants' search looks in, folded (docs/performance.md, "Search").
    searchText: applicantSearchText(fields),
  };
}

const storedAnswersSchema = z.array(storedAnswerSchema);

/**
 * The query's select list behind an Applicant (not the labelled columns people read, which are
 * the contract's applicantColumns), from applicants joined with their attachment and left-joined
 * with their country and state (joinPlaces).
 */
export const applicantSelectList = [
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
  'applicants.answers',
  'applicants.place',
  'applicants.remoteCountry',
] as const;

/** A row of applicantSelectList; the place names are null where the left joins found none. */
type ApplicantRow = Omit<
  Selection<
    Database,
    'applicants' | 'attachments' | 'countries' | 'states',
    (typeof applicantSelectList)[number]
  >,
  'countryName' | 'stateName'
> & { countryName: string | null; stateName: string | null };

/** A row as recruiters read it: the columns named as the Applicant's fields, JSON read back. */
export function toApplicant({
  id,
  countryName,
  stateName,
  appliedOn,
  ...row
}: ApplicantRow): Applicant {
  const answers = jsonColumn(storedAnswersSchema, row.answers, []);
  return {
    applicantId: id,
    ...row,
    countryName: countryName ?? '',
    stateName: stateName ?? '',
    appliedOn: toIso(appliedOn),
    answers,
    place: jsonColumn(placeSchema.nullable(), row.place, null),
    doesNotMeet: doesNotMeet(answers),
  };
}
