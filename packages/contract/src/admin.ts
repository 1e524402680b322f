import { jobTermsInputSchema, jobTermsSchema } from './job-terms';
import { z } from './zod-setup';

/** Recruiters' API (docs/recruiters.md). */
export const adminJobSchema = z
  .object({
    Job_id: z.number().int(),
    JobCode: z.string(),
    JobTitle: z.string(),
    JobLocation: z.string(),
    EffectiveFrom: z.string(),
    IsOpen: z.boolean(),
    Applicants: z.number().int(),
  })
  .extend(jobTermsSchema.shape);
export type AdminJob = z.infer<typeof adminJobSchema>;

const requiredText = (max: number) => z.string().trim().min(1).max(max);

export const adminJobCreateSchema = z.object({
  JobCode: requiredText(40),
  JobTitle: requiredText(200),
  JobLocation: requiredText(200),
  /** ISO 8601; defaults to now. */
  EffectiveFrom: z.iso.datetime({ offset: true }).optional(),
  Job_Description: z.string().max(100_000),
  Recruitment_Manager: z.string().max(1000),
  ContactPerson: z.string().max(1000),
  ContactPersonMail: z.string().max(2000),
  ...jobTermsInputSchema.shape,
});
export type AdminJobCreate = z.infer<typeof adminJobCreateSchema>;

export const adminJobPatchSchema = adminJobCreateSchema
  .partial()
  .extend({ IsOpen: z.boolean().optional() });
export type AdminJobPatch = z.infer<typeof adminJobPatchSchema>;

/** One opening as a recruiter sees it: the list fields plus everything the detail shows. */
export const adminJobDetailSchema = adminJobSchema.extend({
  Recruitment_Manager: z.string(),
  ContactPerson: z.string(),
  ContactPersonMail: z.string(),
  /** HTML as stored, i.e. after sanitising. */
  Job_Description: z.string(),
});
export type AdminJobDetail = z.infer<typeof adminJobDetailSchema>;

export const adminJobCreatedSchema = z.object({ Job_id: z.number().int() });
export type AdminJobCreated = z.infer<typeof adminJobCreatedSchema>;

/** `:id` of /admin/jobs/:id, a whole number. */
export const adminJobParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number),
});
