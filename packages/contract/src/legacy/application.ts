import { z } from '../zod-setup';
import {
  applicantSchema,
  applicationInputSchema,
  type Applicant,
  type ApplicationInput,
} from '../application';
import { applicationAcceptedSchema, type ApplicationAccepted } from '../apply-form';
import { answerValueSchema } from '../questions';
import { duplicateMatchSchema, type DuplicateMatch } from '../console-applicants';
import { toWireNames, wireName } from './wire-names';

export { toWireNames, wireName, type WireName } from './wire-names';

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
export type AttachmentHeader = z.infer<typeof attachmentHeaderSchema>;

/** The application payload of docs/api.md: the application's fields by their wire names. */
export const applicationPayloadSchema = z.object({
  ...toWireNames(applicationInputSchema.shape),
  AttachmentHeader: attachmentHeaderSchema,
});
export type ApplicationPayload = z.infer<typeof applicationPayloadSchema>;

/**
 * The application's fields by our names: the one place the old client's names are read, by the
 * application's own schema (the payload's was derived from it, so this cannot refuse a payload
 * that schema took).
 */
export function applicationInputOf(payload: ApplicationPayload): ApplicationInput {
  const wire: Record<string, unknown> = payload;
  return applicationInputSchema.parse(
    Object.fromEntries(
      Object.keys(applicationInputSchema.shape).map((key) => [key, wire[wireName(key)]]),
    ),
  );
}

export const saveApplicantQuerySchema = z.object({
  jobID: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

/** The answer to an accepted application in the old client's names (`ApplicantID`, `Message`). */
export const applicationCreatedSchema = z.object(toWireNames(applicationAcceptedSchema.shape));
export type ApplicationCreated = z.infer<typeof applicationCreatedSchema>;

export const toApplicationCreated = (accepted: ApplicationAccepted): ApplicationCreated =>
  toWireNames(accepted);

/** Query of GET /Physical/DownloadAttachment (docs/api.md). */
export const downloadAttachmentQuerySchema = z.object({
  AttachmentGuid: z.uuid(),
  /** The old client sent the file name too; the stored name is what the answer carries. */
  AttachmentName: z.string().max(255).optional(),
});

/**
 * An applicant as the bearer API publishes it (docs/recruiters.md): the recruiters' view by its
 * wire names, without the place names (the codes are published) and without the lists (answers
 * and the place applied for), which are not one value per column. The JSON adds the answers as
 * `Answers` (adminAnswerSchema); the CSV one column per question of the opening instead.
 */
const publishedApplicant = applicantSchema.omit({
  countryName: true,
  stateName: true,
  answers: true,
  place: true,
  remoteCountry: true,
  doesNotMeet: true,
});
/** An answer as the bearer API publishes it: the question as it was asked, and the flag. */
export const adminAnswerSchema = z.object({
  Key: z.string(),
  Label: z.string(),
  Value: answerValueSchema,
  DoesNotMeet: z.boolean(),
});
export type AdminAnswer = z.infer<typeof adminAnswerSchema>;

/**
 * Another application of the same person, in the published names (an applicant's `ApplicantID`,
 * an opening's `Job_id`): merged by a recruiter (`SamePerson`), or looking like it and not yet
 * decided (`PossibleDuplicates`, with `MatchedBy`: `email`, `phone`, `resume`). Docs:
 * recruiters.md, "Duplicates".
 */
const adminOtherApplicationSchema = z.object({
  ApplicantID: z.number().int(),
  Job_id: z.number().int(),
});
export const adminPossibleDuplicateSchema = adminOtherApplicationSchema.extend({
  MatchedBy: z.array(duplicateMatchSchema),
});

export const adminApplicantSchema = z.object({
  ...toWireNames(publishedApplicant.shape),
  Answers: z.array(adminAnswerSchema),
  PossibleDuplicates: z.array(adminPossibleDuplicateSchema),
  SamePerson: z.array(adminOtherApplicationSchema),
});

/** An applicant's other applications, as the duplicates' read answers them. */
export interface OtherApplications {
  possibleDuplicates: readonly {
    applicantId: number;
    jobId: number;
    matchedBy: readonly DuplicateMatch[];
  }[];
  samePerson: readonly { applicantId: number; jobId: number }[];
}
export type AdminApplicant = z.infer<typeof adminApplicantSchema>;

/** The published columns of an applicant, in order: the JSON's keys and the CSV's header. */
export const adminApplicantColumns = Object.keys(publishedApplicant.shape).map((key) => ({
  key: key as keyof Applicant,
  label: wireName(key),
}));

export function toAdminApplicant(
  applicant: Applicant,
  others: OtherApplications = { possibleDuplicates: [], samePerson: [] },
): AdminApplicant {
  return {
    ...(toWireNames(
      Object.fromEntries(adminApplicantColumns.map(({ key }) => [key, applicant[key]])),
    ) as Omit<AdminApplicant, 'Answers' | 'PossibleDuplicates' | 'SamePerson'>),
    Answers: applicant.answers.map((answer) => ({
      Key: answer.key,
      Label: answer.label,
      Value: answer.value,
      DoesNotMeet: answer.doesNotMeet,
    })),
    PossibleDuplicates: others.possibleDuplicates.map((other) => ({
      ApplicantID: other.applicantId,
      Job_id: other.jobId,
      MatchedBy: [...other.matchedBy],
    })),
    SamePerson: others.samePerson.map((other) => ({
      ApplicantID: other.applicantId,
      Job_id: other.jobId,
    })),
  };
}
