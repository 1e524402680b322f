import { jobTermsSchema } from './job-terms';
import { z } from './zod-setup';

/** Query of GET /Jobs/CareerDetailsRetrival (docs/api.md). */
export const actionFlagSchema = z.enum(['JobOpenings', 'JobOpeningsDetail']);
export type ActionFlag = z.infer<typeof actionFlagSchema>;

/** A non-negative integer sent as a query string ("0", "42"); anything else is refused. */
export const idParamSchema = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number);

export const careerDetailsQuerySchema = z.object({
  ActionFlag: actionFlagSchema,
  jobID: idParamSchema,
});

/** One row of the openings list (docs/api.md). */
export const jobOpeningSchema = z.object({
  Job_id: z.number().int(),
  JobCode: z.string(),
  JobTitle: z.string(),
  JobLocation: z.string(),
  DateCount: z.number().int(),
  HourCount: z.number().int(),
  MinuteCount: z.number().int(),
  /** Spelled as the spec spells it: the number of items in the list. */
  CurerntOpening: z.number().int(),
});
export type JobOpening = z.infer<typeof jobOpeningSchema>;
export const jobOpeningListSchema = z.array(jobOpeningSchema);

/** The job detail (first item of the JobOpeningsDetail answer). */
export const jobDetailSchema = z.object({
  Job_id: z.number().int(),
  JobCode: z.string(),
  JobTitle: z.string(),
  JobLocation: z.string(),
  /** ISO 8601 instant. */
  EffectiveFrom: z.string(),
  /** Comma-separated names. */
  Recruitment_Manager: z.string(),
  /** Comma-separated names, matched by position with ContactPersonMail. */
  ContactPerson: z.string(),
  ContactPersonMail: z.string(),
  /** HTML, sanitised when stored. */
  Job_Description: z.string(),
  ...jobTermsSchema.shape,
});
export type JobDetail = z.infer<typeof jobDetailSchema>;
export const jobDetailListSchema = z.array(jobDetailSchema);

/** Reference data options (Country, State, Shift, Experience). */
export const controlNameSchema = z.enum(['Country', 'State', 'Shift', 'Experience']);
export type ControlName = z.infer<typeof controlNameSchema>;

export const dropDownQuerySchema = z.object({
  ControlName: controlNameSchema,
  CountryID: idParamSchema.optional(),
});
export const statesQuerySchema = z.object({ CountryID: idParamSchema });

export const dropDownOptionSchema = z.object({ value: z.number().int(), label: z.string() });
export type DropDownOption = z.infer<typeof dropDownOptionSchema>;
export const dropDownOptionListSchema = z.array(dropDownOptionSchema);

/** Splits the comma-separated people fields of a job detail and pairs names with e-mails. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export function contactPersons(detail: Pick<JobDetail, 'ContactPerson' | 'ContactPersonMail'>) {
  const mails = detail.ContactPersonMail.split(',').map((part) => part.trim());
  return detail.ContactPerson.split(',')
    .map((name, index) => ({ name: name.trim(), email: mails[index] ?? '' }))
    .filter((person) => person.name.length > 0);
}

/** The answer of CareerDetailsRetrival: the openings list, or the one-item detail list. */
export const careerDetailsResponseSchema = z.union([jobOpeningListSchema, jobDetailListSchema]);
