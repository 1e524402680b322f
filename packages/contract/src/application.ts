import { z } from './zod-setup';
import { MAX_RESUME_BYTES, MAX_RESUME_MB, MOBILE_NUMBER_LENGTH } from './constants';
import type { FieldError } from './problem';

/**
 * The application payload of docs/api.md. The schema checks shape and types only;
 * the spec's rules (with their exact messages and order) are `applicationRules` below, so the
 * server can list every failure in order while the page shows the first.
 */
export const attachmentDetailSchema = z.object({
  FileName: z.string().max(255),
  /** base64 (what our page sends) or the old client's array of byte numbers. */
  FileContent: z.union([z.string(), z.array(z.number())]),
});

export const attachmentHeaderSchema = z.object({
  HeaderID: z.number().int().optional(),
  CreatedBy: z.number().int().optional(),
  CreatedOn: z.string().optional(),
  IsActive: z.boolean().optional(),
  AttachmentDetails: z.array(attachmentDetailSchema).max(1),
});

const text = (max: number) => z.string().max(max);

export const applicationPayloadSchema = z.object({
  FirstName: text(100),
  LastName: text(100),
  MobileNumber: text(40),
  City: text(100),
  Email: text(254),
  /** The chosen experience band's value; optional and not validated (docs/api.md). */
  Experience: z.union([z.number().int(), z.string().max(40)]).nullish(),
  CountyID: z.number().int().nullish(),
  StateID: z.number().int().nullish(),
  ReferredBy: text(200).nullish(),
  AttachmentHeader: attachmentHeaderSchema,
});
export type ApplicationPayload = z.infer<typeof applicationPayloadSchema>;

export const saveApplicantQuerySchema = z.object({
  jobID: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

export const applicationCreatedSchema = z.object({
  ApplicantID: z.number().int(),
  Message: z.string(),
});
export type ApplicationCreated = z.infer<typeof applicationCreatedSchema>;

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
export interface ApplicantFields {
  FirstName: string;
  LastName: string;
  City: string;
  Email: string;
  MobileNumber: string;
  CountyID: number | null | undefined;
  StateID: number | null | undefined;
}

/** Field keys used in errors; the page maps each to its input. */
export type ApplicationField =
  'Resume' | 'FirstName' | 'LastName' | 'City' | 'Email' | 'MobileNumber' | 'CountyID' | 'StateID';

export const applicationMessages = {
  resumeMissing: 'Please select your Resume.',
  resumeType: 'Please upload a PDF or Word document.',
  resumeSize: `File size exceeds ${MAX_RESUME_MB} MB limit.`,
  /** A whole application refused for its size (413), by the server or a proxy before it. */
  tooLargeToSend: `The application is too large to send. A resume may be at most ${MAX_RESUME_MB} MB.`,
  firstName: 'Please enter a valid First Name (only characters)',
  lastName: 'Please enter a valid Last Name (only characters)',
  city: 'Please enter a valid City (only characters)',
  email: 'Please enter a valid email address',
  mobile: 'Mobile number should be 10 digits and contain only numbers.',
  country: 'Please select a country',
  state: 'Please select a state',
  attachment: 'Please select a resume',
} as const;

/** Letters of any script (with their combining marks) and spaces; at least one letter. */
const LETTERS_AND_SPACES = /^(?=.*\p{L})[\p{L}\p{M} ]+$/u;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/u;
const MOBILE = new RegExp(`^[0-9]{${MOBILE_NUMBER_LENGTH}}$`);

interface Rule {
  field: ApplicationField;
  message: string;
  fails: (fields: ApplicantFields, resume: ResumeFacts) => boolean;
}

/** The application rules, in their order (docs/api.md, docs/careers.md). */
export const applicationRules: readonly Rule[] = [
  { field: 'Resume', message: applicationMessages.resumeMissing, fails: (_, r) => !r.chosen },
  { field: 'Resume', message: applicationMessages.resumeType, fails: (_, r) => r.kind === null },
  {
    field: 'Resume',
    message: applicationMessages.resumeSize,
    fails: (_, r) => r.size > MAX_RESUME_BYTES,
  },
  {
    field: 'FirstName',
    message: applicationMessages.firstName,
    fails: (f) => !LETTERS_AND_SPACES.test(f.FirstName),
  },
  {
    field: 'LastName',
    message: applicationMessages.lastName,
    fails: (f) => !LETTERS_AND_SPACES.test(f.LastName),
  },
  {
    field: 'City',
    message: applicationMessages.city,
    fails: (f) => !LETTERS_AND_SPACES.test(f.City),
  },
  { field: 'Email', message: applicationMessages.email, fails: (f) => !EMAIL.test(f.Email) },
  {
    field: 'MobileNumber',
    message: applicationMessages.mobile,
    fails: (f) => !MOBILE.test(f.MobileNumber),
  },
  {
    field: 'CountyID',
    message: applicationMessages.country,
    fails: (f) => !(Number(f.CountyID) > 0),
  },
  { field: 'StateID', message: applicationMessages.state, fails: (f) => !(Number(f.StateID) > 0) },
  { field: 'Resume', message: applicationMessages.attachment, fails: (_, r) => !r.hasContent },
];

/**
 * Every failing rule, in spec order. A resume that is missing stops the resume checks there
 * (a missing file has no type or size to judge), as a type failure stops the size check.
 */
export function validateApplication(fields: ApplicantFields, resume: ResumeFacts): FieldError[] {
  const errors: FieldError[] = [];
  let resumeFailed = false;
  for (const rule of applicationRules) {
    const isFileRule = rule.field === 'Resume';
    if (isFileRule && resumeFailed) continue;
    if (rule.fails(fields, resume)) {
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
    FirstName: fields.FirstName.trim(),
    LastName: fields.LastName.trim(),
    City: fields.City.trim(),
    Email: fields.Email.trim(),
    MobileNumber: fields.MobileNumber.trim(),
  };
}

/** Query of GET /Physical/DownloadAttachment (docs/api.md). */
export const downloadAttachmentQuerySchema = z.object({
  AttachmentGuid: z.uuid(),
  /** The old client sent the file name too; the stored name is what the answer carries. */
  AttachmentName: z.string().max(255).optional(),
});
