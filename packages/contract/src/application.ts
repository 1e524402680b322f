import { z } from './zod-setup';
import { MAX_RESUME_BYTES, MAX_RESUME_MB } from './constants';
import { locationIndexSchema, placeSchema, remoteCountrySchema } from './places';
import type { FieldError } from './problem';
import { answersSchema, storedAnswerSchema } from './questions';

/**
 * An application's fields, in the one vocabulary the house speaks (camelCase): what the form
 * holds, what the server's rules read and what is stored. The old client's wire names
 * (docs/api.md's application payload) are derived from these in legacy/application.ts. The
 * schema checks shape and types only; the spec's rules (with their exact messages and order)
 * are `applicationRules` below, so the server can list every failure in order while the page
 * shows the first.
 */
const text = (max: number) => z.string().max(max);

export const applicationInputSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  mobileNumber: text(40),
  city: text(100),
  email: text(254),
  /** The chosen experience band's value; optional and not validated (docs/api.md). */
  experience: z.union([z.number().int(), z.string().max(40)]).nullish(),
  countryId: z.number().int().nullish(),
  stateId: z.number().int().nullish(),
  referredBy: text(200).nullish(),
  /** Answers to the opening's questions, by question key (questions.ts judges them). */
  answers: answersSchema.optional(),
  /** Which of the opening's places, when it asks (places.ts, placeChoices). */
  locationIndex: locationIndexSchema.nullish(),
  /** Instead of a place: which of a remote opening's countries they would work from. */
  remoteCountry: remoteCountrySchema.nullish(),
});
export type ApplicationInput = z.infer<typeof applicationInputSchema>;

/**
 * An applicant as a recruiter reads them (the console, the bearer API, the CSVs), without the
 * resume's bytes. `applicantColumns` says which of these a person reads, under what label.
 */
export const applicantSchema = z.object({
  applicantId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobileNumber: z.string(),
  city: z.string(),
  countryId: z.number().int(),
  countryName: z.string(),
  stateId: z.number().int(),
  stateName: z.string(),
  /** The experience band's label (or the text sent); null when none was chosen. */
  experience: z.string().nullable(),
  referredBy: z.string().nullable(),
  appliedOn: z.string(),
  attachmentGuid: z.string(),
  attachmentName: z.string(),
  attachmentSize: z.number().int(),
  attachmentSha256: z.string(),
  /** The answers to the opening's questions, each with the question as it was asked. */
  answers: z.array(storedAnswerSchema),
  /** The place applied for, when the opening had several. */
  place: placeSchema.nullable(),
  /** The country they would work from remotely (alpha-2), when they chose that instead. */
  remoteCountry: z.string().nullable(),
  /** Labels of the questions whose answer was a knock-out answer ("Does not meet: …"). */
  doesNotMeet: z.array(z.string()),
});
export type Applicant = z.infer<typeof applicantSchema>;

/**
 * What an applicant sent, as people read it, in order: the applicant page's lines and the
 * console CSV's columns (header and cells) both come from this list.
 */
export const applicantColumns = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'email', label: 'E-mail' },
  { key: 'mobileNumber', label: 'Mobile number' },
  { key: 'city', label: 'City' },
  { key: 'stateName', label: 'State' },
  { key: 'countryName', label: 'Country' },
  { key: 'experience', label: 'Experience' },
  { key: 'referredBy', label: 'Referred by' },
] as const satisfies readonly { key: keyof Applicant; label: string }[];
export type ApplicantColumnKey = (typeof applicantColumns)[number]['key'];

/**
 * The applicant's fields that are not one of `applicantColumns`, each with where it is read
 * instead. With the columns it covers every field of `applicantSchema`, so a field added there
 * does not compile until it is a column (shown and exported everywhere) or placed here.
 */
export const applicantFieldsReadElsewhere = {
  applicantId: "the record's id: the CSV's first column, the console's address",
  countryId: 'the code behind countryName',
  stateId: 'the code behind stateName',
  appliedOn: 'a line and a column of its own, as a date',
  attachmentGuid: "the resume's key: the console's resume link",
  attachmentName: "the resume's name: its own line and column",
  attachmentSize: "the resume's size: its own column",
  attachmentSha256: "the resume's hash: its own column",
  answers: 'a list: one column per question, the questions section of the page',
  place: 'a place: one line ("Place applied for")',
  remoteCountry: 'a remote country: the same line, as "Remote from <country>"',
  doesNotMeet: 'a list of question labels: a column and a flag of their own',
} as const satisfies Record<Exclude<keyof Applicant, ApplicantColumnKey>, string>;

export type ResumeKind = 'pdf' | 'doc' | 'docx';
export const RESUME_EXTENSIONS: Record<ResumeKind, string> = {
  pdf: '.pdf',
  doc: '.doc',
  docx: '.docx',
};
export const RESUME_MIME_TYPES: Record<ResumeKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** For <input type="file" accept>: extensions and MIME types of the three allowed kinds. */
export const RESUME_ACCEPT = [
  ...Object.values(RESUME_EXTENSIONS),
  ...Object.values(RESUME_MIME_TYPES),
].join(',');

/** The kind a file name's extension claims, or null when it is none of the allowed three. */
export function resumeKindFromName(fileName: string): ResumeKind | null {
  const lower = fileName.trim().toLowerCase();
  if (lower.endsWith('.pdf')) return 'pdf';
  if (lower.endsWith('.docx')) return 'docx';
  if (lower.endsWith('.doc')) return 'doc';
  return null;
}

/** What the rules need to know of the resume; each side fills it its own way. */
export interface ResumeFacts {
  /** Was a file chosen at all (a name present)? */
  chosen: boolean;
  /**
   * The file's kind, or null if it is not PDF/DOC/DOCX. The page judges by name and MIME
   * type; the server by the bytes, and also requires the name's extension to agree.
   */
  kind: ResumeKind | null;
  size: number;
  /** Were the file's bytes read and non-empty? */
  hasContent: boolean;
}

/** The fields the rules read, already trimmed by `normaliseApplicant`. */
export type ApplicantFields = Pick<
  ApplicationInput,
  'firstName' | 'lastName' | 'city' | 'email' | 'mobileNumber' | 'countryId' | 'stateId'
>;

/** Field keys used in errors; the page maps each to its input. */
export type ApplicationField = 'resume' | keyof ApplicantFields;

export const applicationMessages = {
  resumeMissing: 'Please select your Resume.',
  resumeType: 'Please upload a PDF or Word document.',
  resumeSize: `File size exceeds ${MAX_RESUME_MB} MB limit.`,
  /** A whole application refused for its size (413), by the server or a proxy before it. */
  tooLargeToSend: `The application is too large to send. A resume may be at most ${MAX_RESUME_MB} MB.`,
  /** A second upload while one from the same connection is still arriving (429). */
  oneAtATime:
    'Another upload from your connection is still arriving. Please wait a few seconds for it to finish, then send yours again.',
  /** An upload that arrived too slowly to be received (408). */
  tooSlow:
    'Your upload arrived too slowly for us to receive it. Please check your connection and send it again.',
  firstName: 'Please enter a valid First Name (only characters)',
  lastName: 'Please enter a valid Last Name (only characters)',
  city: 'Please enter a valid City (only characters)',
  email: 'Please enter a valid email address',
  mobile: 'Mobile number should be 10 digits and contain only numbers.',
  country: 'Please select a country',
  state: 'Please select a state',
  attachment: 'Please select a resume',
} as const;

/**
 * A name or a city as people write them: letters of any script (with their combining marks),
 * spaces, hyphens, apostrophes (' and ’) and periods, with at least one letter. "Anne-Marie",
 * "O’Brien", "St. Louis" and "李 小龍" pass; digits and other symbols do not.
 */
const NAME_TEXT = /^(?=.*\p{L})[\p{L}\p{M} '’.-]+$/u;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/u;
/** The application's e-mail rule, for any form that asks for an address (job alerts, links). */
export const isEmailAddress = (text: string) => EMAIL.test(text);

/**
 * Judges a mobile number for the applicant's country. The one judge is `isMobileNumber` of
 * `@lumenfield/contract/phone` (the seed's ten digits, or a number the numbering plans allow);
 * it is passed in so that its library stays out of every bundle that does not send the form.
 */
export type MobileJudge = (text: string, countryId: number | null | undefined) => boolean;

interface Rule {
  field: ApplicationField;
  message: string;
  fails: (fields: ApplicantFields, resume: ResumeFacts, isMobileNumber: MobileJudge) => boolean;
}

/** The application rules, in their order (docs/api.md, docs/careers.md). */
export const applicationRules: readonly Rule[] = [
  { field: 'resume', message: applicationMessages.resumeMissing, fails: (_, r) => !r.chosen },
  { field: 'resume', message: applicationMessages.resumeType, fails: (_, r) => r.kind === null },
  {
    field: 'resume',
    message: applicationMessages.resumeSize,
    fails: (_, r) => r.size > MAX_RESUME_BYTES,
  },
  {
    field: 'firstName',
    message: applicationMessages.firstName,
    fails: (f) => !NAME_TEXT.test(f.firstName),
  },
  {
    field: 'lastName',
    message: applicationMessages.lastName,
    fails: (f) => !NAME_TEXT.test(f.lastName),
  },
  {
    field: 'city',
    message: applicationMessages.city,
    fails: (f) => !NAME_TEXT.test(f.city),
  },
  { field: 'email', message: applicationMessages.email, fails: (f) => !EMAIL.test(f.email) },
  {
    field: 'mobileNumber',
    message: applicationMessages.mobile,
    fails: (f, _, isMobileNumber) => !isMobileNumber(f.mobileNumber, f.countryId),
  },
  {
    field: 'countryId',
    message: applicationMessages.country,
    fails: (f) => !(Number(f.countryId) > 0),
  },
  { field: 'stateId', message: applicationMessages.state, fails: (f) => !(Number(f.stateId) > 0) },
  { field: 'resume', message: applicationMessages.attachment, fails: (_, r) => !r.hasContent },
];

/** The first resume rule a file alone fails (a replacement resume), or undefined. */
export function resumeRefusal(resume: ResumeFacts): string | undefined {
  // The resume's rules read only the file's facts, never the fields.
  const noFields = {} as ApplicantFields;
  const noJudge: MobileJudge = () => true;
  return applicationRules.find(
    (rule) => rule.field === 'resume' && rule.fails(noFields, resume, noJudge),
  )?.message;
}

/**
 * Every failing rule, in spec order. A resume that is missing stops the resume checks there
 * (a missing file has no type or size to judge), as a type failure stops the size check.
 */
export function validateApplication(
  fields: ApplicantFields,
  resume: ResumeFacts,
  isMobileNumber: MobileJudge,
): FieldError[] {
  const errors: FieldError[] = [];
  let resumeFailed = false;
  for (const rule of applicationRules) {
    const isFileRule = rule.field === 'resume';
    if (isFileRule && resumeFailed) continue;
    if (rule.fails(fields, resume, isMobileNumber)) {
      errors.push({ field: rule.field, message: rule.message });
      if (isFileRule) resumeFailed = true;
    }
  }
  return errors;
}

/** Trims every text field (docs/careers.md: "text trimmed"). */
export function normaliseApplicant<T extends ApplicantFields>(fields: T): T {
  return {
    ...fields,
    firstName: fields.firstName.trim(),
    lastName: fields.lastName.trim(),
    city: fields.city.trim(),
    email: fields.email.trim(),
    mobileNumber: fields.mobileNumber.trim(),
  };
}
