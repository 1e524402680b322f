import { z } from './zod-setup';

/** An applicant as the published /api/admin answers show one (docs/recruiters.md). */
export const adminApplicantSchema = z.object({
  ApplicantID: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  MobileNumber: z.string(),
  City: z.string(),
  CountyID: z.number().int(),
  StateID: z.number().int(),
  Experience: z.string().nullable(),
  ReferredBy: z.string().nullable(),
  AppliedOn: z.string(),
  AttachmentGuid: z.string(),
  AttachmentName: z.string(),
  AttachmentSize: z.number().int(),
  AttachmentSha256: z.string(),
});
export type AdminApplicant = z.infer<typeof adminApplicantSchema>;
